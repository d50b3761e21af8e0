import AsyncHTTPClient
import FCTestSupport
import Foundation
import NIOCore
import NIOHTTP1
import Testing

/// SIGTERM stops accepting but lets a request in flight finish, then the process exits 0.
@Suite("fcgen serve: graceful shutdown", .serialized)
struct ShutdownTests {
    @Test("SIGTERM with a request in flight: the request completes, exit 0")
    func requestInFlight() async throws {
        let fixture = try ServiceFixture()
        let admin = try await fixture.token(user: "ops", admin: true)
        let server = try await fixture.serve()
        // A body sent in two parts keeps the request in flight while the signal arrives.
        let (parts, continuation) = AsyncStream.makeStream(of: ByteBuffer.self)
        var request = HTTPClientRequest(url: server.base + "/v1/topics")
        request.method = .POST
        request.headers.add(name: "Authorization", value: "Bearer \(admin)")
        request.headers.add(name: "Content-Type", value: "application/json")
        let text = #"{"name": "Late topic"}"#
        request.body = .stream(parts, length: .known(Int64(text.utf8.count)))
        let pending = Task { try await TestHTTPClient.shared.execute(request, timeout: .seconds(60)) }
        continuation.yield(ByteBuffer(string: String(text.prefix(5))))
        // Give the request's head time to reach the server (not a timing assertion: the test holds either way
        // once it has arrived).
        try await Task.sleep(for: .seconds(1))
        kill(server.process.process.processIdentifier, SIGTERM)
        try await Task.sleep(for: .milliseconds(300))
        continuation.yield(ByteBuffer(string: String(text.dropFirst(5))))
        continuation.finish()
        let response = try await pending.value
        #expect(response.status.code == 201)
        await server.process.exit()
        #expect(server.process.process.terminationStatus == 0, "\(server.process.stderr)")
        let topics = try await fixture.fcgen(["topics", "--json"])
        #expect(topics.stdout.contains("Late topic"))
    }
}
