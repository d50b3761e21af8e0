import AsyncHTTPClient
import FCTestSupport
import Foundation
import NIOCore
import NIOHTTP1
import Testing

/// A response with its body as bytes (pictures, exports), for the card tests.
struct RawReply: Sendable {
    var status: Int
    var headers: HTTPHeaders
    var bytes: [UInt8]

    var json: [String: any Sendable] {
        (try? JSONSerialization.jsonObject(with: Data(bytes)) as? [String: any Sendable]) ?? [:]
    }

    /// As a ``Reply``, for `expectProblem` and the OpenAPI check.
    var reply: Reply { Reply(status: status, headers: headers, text: String(decoding: bytes, as: UTF8.self)) }
}

extension LoopbackEndpoint {
    /// Sends `body` with `contentType` and returns the body as bytes.
    func raw(
        _ method: HTTPMethod, _ path: String, token: String?, body: [UInt8]? = nil, contentType: String? = nil,
        headers: [(String, String)] = []
    ) async throws -> RawReply {
        var request = HTTPClientRequest(url: base + path)
        request.method = method
        if let token { request.headers.add(name: "Authorization", value: "Bearer \(token)") }
        if let contentType { request.headers.add(name: "Content-Type", value: contentType) }
        if let body { request.body = .bytes(ByteBuffer(bytes: body)) }
        for (name, value) in headers { request.headers.add(name: name, value: value) }
        let response = try await TestHTTPClient.shared.execute(request, timeout: .seconds(Int64(TestPatience.seconds)))
        let buffer = try await response.body.collect(upTo: 32 << 20)
        return RawReply(
            status: Int(response.status.code), headers: response.headers, bytes: Array(buffer.readableBytesView))
    }
}

/// A 1×1 PNG (a real one: signature, IHDR, IDAT, IEND).
let tinyPNG: [UInt8] = [
    0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x48, 0x44, 0x52, 0x00, 0x00, 0x00,
    0x01, 0x00, 0x00, 0x00, 0x01, 0x08, 0x06, 0x00, 0x00, 0x00, 0x1F, 0x15, 0xC4, 0x89, 0x00, 0x00, 0x00, 0x0D, 0x49,
    0x44, 0x41, 0x54, 0x78, 0x9C, 0x63, 0xF8, 0xCF, 0xC0, 0xF0, 0x1F, 0x00, 0x05, 0x00, 0x01, 0xFF, 0x89, 0x99, 0x3D,
    0x1D, 0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82,
]

/// SHA-256 of `bytes` as lowercase hex, from the system's `sha256sum` (not the code under test).
func systemSHA256(_ bytes: [UInt8], in directory: URL) async throws -> String {
    let file = directory.appendingPathComponent("hash-input-\(UUID().uuidString)")
    try Data(bytes).write(to: file)
    let hashed = try await ChildProcess.run("/usr/bin/env", ["sha256sum", file.path])
    return hashed.output.split(separator: " ").first.map(String.init) ?? ""
}
