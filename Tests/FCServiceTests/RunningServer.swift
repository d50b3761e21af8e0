import AsyncHTTPClient
import FCTestSupport
import Foundation
import NIOCore
import NIOHTTP1
import Testing

/// A response as the tests look at it.
struct Reply: Sendable {
    var status: Int
    var headers: HTTPHeaders
    var text: String

    /// The body as a JSON object (a failed expectation when it is not one).
    var json: [String: any Sendable] {
        (try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: any Sendable]) ?? [:]
    }

    var contentType: String { headers.first(name: "content-type") ?? "" }
}

/// A server on loopback, called over HTTP with AsyncHTTPClient: `fcgen serve` as a subprocess (``RunningServer``)
/// or the service in this process on a socket (``LiveServer``).
protocol LoopbackEndpoint: Sendable {
    /// `http://127.0.0.1:PORT`.
    var base: String { get }
}

/// `fcgen serve` running as a subprocess.
struct RunningServer: LoopbackEndpoint {
    let process: ChildProcess
    let base: String

    /// SIGTERM, then waits for the exit; returns the status.
    func stop() async -> Int32 {
        process.send(SIGTERM)
        // -1: swift-subprocess lost the child, which no test expects.
        return (try? await process.exit())?.status ?? -1
    }
}

extension LoopbackEndpoint {
    /// Sends a request; `body` is sent as given (bytes, so tests can send invalid UTF-8).
    func call(
        _ method: HTTPMethod, _ path: String, token: String? = nil, body: [UInt8]? = nil,
        contentType: String? = "application/json", headers: [(String, String)] = []
    ) async throws -> Reply {
        var request = HTTPClientRequest(url: base + path)
        request.method = method
        if let token { request.headers.add(name: "Authorization", value: "Bearer \(token)") }
        if let body {
            if let contentType { request.headers.add(name: "Content-Type", value: contentType) }
            request.body = .bytes(ByteBuffer(bytes: body))
        }
        for (name, value) in headers { request.headers.add(name: name, value: value) }
        let response = try await TestHTTPClient.shared.execute(request, timeout: .seconds(Int64(TestPatience.seconds)))
        let buffer = try await response.body.collect(upTo: 16 << 20)
        return Reply(status: Int(response.status.code), headers: response.headers, text: String(buffer: buffer))
    }

    /// `call` with a JSON body written as text.
    func call(
        _ method: HTTPMethod, _ path: String, token: String? = nil, json: String, headers: [(String, String)] = []
    ) async throws -> Reply {
        try await call(method, path, token: token, body: Array(json.utf8), headers: headers)
    }
}

/// Checks a problem+json reply: status, code, the RFC 9457 members, and the field when given.
func expectProblem(
    _ reply: Reply, status: Int, code: String, field: String? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    #expect(reply.status == status, "\(reply.text)", sourceLocation: sourceLocation)
    #expect(reply.contentType == "application/problem+json", sourceLocation: sourceLocation)
    let json = reply.json
    #expect(
        json["type"] as? String == "https://fcgen.dev/problems/\(code)", "\(reply.text)", sourceLocation: sourceLocation
    )
    #expect(json["status"] as? Int == status, sourceLocation: sourceLocation)
    #expect((json["title"] as? String)?.isEmpty == false, sourceLocation: sourceLocation)
    #expect((json["detail"] as? String)?.contains("\n") == false, sourceLocation: sourceLocation)
    if let field { #expect(json["field"] as? String == field, "\(reply.text)", sourceLocation: sourceLocation) }
}
