import FCService
import FCTestSupport
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import NIOCore
import NIOHTTP1

/// The service built in this process, called as ``RunningServer`` calls `fcgen serve` (the same `call` and `raw`),
/// so a route test reads the same whether it drives the process or the application: HummingbirdTesting's router
/// client, no socket, no child process.
struct InProcessServer: Sendable {
    let client: any TestClientProtocol

    /// Sends a request; `body` is sent as given.
    func call(
        _ method: NIOHTTP1.HTTPMethod, _ path: String, token: String? = nil, body: [UInt8]? = nil,
        contentType: String? = "application/json", headers: [(String, String)] = []
    ) async throws -> Reply {
        try await raw(method, path, token: token, body: body, contentType: contentType, headers: headers).reply
    }

    /// `call` with a JSON body written as text.
    func call(
        _ method: NIOHTTP1.HTTPMethod, _ path: String, token: String? = nil, json: String,
        headers: [(String, String)] = []
    ) async throws -> Reply {
        try await call(method, path, token: token, body: Array(json.utf8), headers: headers)
    }

    /// Sends `body` with `contentType` and returns the body as bytes.
    func raw(
        _ method: NIOHTTP1.HTTPMethod, _ path: String, token: String?, body: [UInt8]? = nil,
        contentType: String? = nil, headers: [(String, String)] = []
    ) async throws -> RawReply {
        var fields = HTTPFields()
        if let token { fields[.authorization] = "Bearer \(token)" }
        if let contentType, body != nil { fields[.contentType] = contentType }
        for (name, value) in headers {
            if let field = HTTPField.Name(name) { fields.append(HTTPField(name: field, value: value)) }
        }
        let response = try await client.execute(
            uri: path, method: HTTPRequest.Method(rawValue: method.rawValue) ?? .get, headers: fields,
            body: body.map { ByteBuffer(bytes: $0) })
        var replyHeaders = HTTPHeaders()
        for field in response.headers { replyHeaders.add(name: field.name.rawName, value: field.value) }
        return RawReply(
            status: Int(response.status.code), headers: replyHeaders, bytes: Array(response.body.readableBytesView))
    }
}

extension ServiceUnderTest {
    /// Runs `body` against a fresh application over this store (HummingbirdTesting's `.router` framework);
    /// `logger` gets the request lines (`fcgen serve` passes its `--log-format` logger).
    func serve<T: Sendable>(
        logger: Logger = Self.quietLogger, _ body: @escaping @Sendable (InProcessServer) async throws -> T
    ) async throws -> T {
        try await built(logger: logger).application.test(.router) { client in
            try await body(InProcessServer(client: client))
        }
    }

    /// The folder of the test's database, for files a test writes beside it.
    var directory: URL { URL(fileURLWithPath: database.directory) }
}
