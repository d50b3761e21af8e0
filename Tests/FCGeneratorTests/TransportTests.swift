import FCGenerator
import FCTestSupport
import Foundation
import Testing

struct TransportTests {
    @Test func returnsStatusHeadersAndBodyOfAnyResponse() async throws {
        let server = try await LoopbackServer.start()
        defer { server.stop() }
        try await server.script([.init(status: 429, headers: ["Retry-After": "3", "X-Custom": "v"], body: "slow")])
        let transport = TestHTTPClient.transport()
        let response = try await transport.send(
            LLMHTTPRequest(
                url: server.baseURL.appendingPathComponent("anything"),
                headers: ["X-Probe": "1"],
                body: Data("payload".utf8),
                timeoutSeconds: 60
            )
        )
        #expect(response.status == 429)
        #expect(response.headers["retry-after"] == "3")
        #expect(response.headers["x-custom"] == "v")
        #expect(String(decoding: response.body, as: UTF8.self) == "slow")
        let sent = try #require(try await server.requests().first)
        #expect(sent.body == "payload" && sent.headers["x-probe"] == "1" && sent.path == "/anything")
    }

    @Test func tenConcurrentRequestsReachTheServerTogether() async throws {
        let server = try await LoopbackServer.start()
        defer { server.stop() }
        try await server.script([], default: .init(body: "ok", delaySeconds: 5))
        let transport = TestHTTPClient.transport()
        try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<10 {
                group.addTask {
                    try await transport.send(
                        LLMHTTPRequest(
                            url: server.baseURL.appendingPathComponent("slow"), body: Data(), timeoutSeconds: 60)
                    ).status
                }
            }
            for try await status in group { #expect(status == 200) }
        }
        // All ten reach the server while the first is still being answered: a pool of fewer connections would
        // send the rest only after a 5 s reply had finished. Arrival spread, unlike total wall time, holds up on a
        // busy machine (a 1 s reply left too thin a margin).
        let arrivals = try await server.requests().map(\.receivedAt)
        #expect(arrivals.count == 10)
        #expect((arrivals.max() ?? 0) - (arrivals.min() ?? 0) < 4)
    }

    @Test func stubTransportRecordsAndReplays() async throws {
        let stub = StubTransport(replies: [.json(status: 201, "{}"), .failure(.timedOut(seconds: 1))])
        let request = LLMHTTPRequest(url: URL(fileURLWithPath: "/x"), body: Data("a".utf8), timeoutSeconds: 1)
        #expect(try await stub.send(request).status == 201)
        await #expect(throws: TransportError.timedOut(seconds: 1)) { try await stub.send(request) }
        #expect(try await stub.send(request).status == 500)  // the fallback
        #expect(stub.requests.count == 3)
    }
}
