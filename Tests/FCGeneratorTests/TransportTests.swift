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
                timeoutSeconds: TestPatience.seconds
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
        let transport = TestHTTPClient.transport()
        try await withThrowingTaskGroup(of: Int.self) { group in
            for index in 0..<10 {
                group.addTask {
                    try await transport.send(
                        LLMHTTPRequest(
                            url: server.url("/gate/ten/\(index)"), body: Data(), timeoutSeconds: TestPatience.seconds)
                    ).status
                }
            }
            // All ten reach the server while none has been answered (each is held until the gate opens): a pool of
            // fewer connections would never send the rest, whatever the machine's speed.
            #expect(await server.waitForCounter("max_in_flight", toReach: 10), "all ten at the server at once")
            server.release("ten")
            for try await status in group { #expect(status == 200) }
        }
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
