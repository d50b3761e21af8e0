import FCGenerator
import FCTestSupport
import Foundation
import Testing

/// The loopback stub itself (FCTestSupport's `LoopbackServer`), where the provider and transport suites that use it
/// do not pin it down: the script's order, what it records, its faults as a real client sees them, its counters as
/// events, and what `stop()` ends.
@Suite(.timeLimit(.minutes(5)))
struct LoopbackServerTests {
    /// A plain request on the shared client.
    private func send(
        _ server: LoopbackServer, _ path: String, method: String = "GET", headers: [String: String] = [:],
        body: String = ""
    ) async throws -> LLMHTTPResponse {
        try await TestHTTPClient.transport().send(
            LLMHTTPRequest(
                url: server.url(path), method: method, headers: headers, body: Data(body.utf8),
                timeoutSeconds: TestPatience.seconds))
    }

    @Test func theScriptPlaysInOrderThenTheDefaultAndRecordsEachRequest() async throws {
        let server = try await LoopbackServer.start()
        defer { server.stop() }
        try await server.script([.init(status: 201, body: "first")])
        _ = try await send(server, "/before")  // recorded, then cleared by the next script
        try await server.script(
            [.init(status: 429, headers: ["Retry-After": "3"], body: "second"), .init(json: #"{"n": 3}"#)],
            default: .init(status: 503, body: "default"))

        let replies = [
            try await send(server, "/v1/a?x=1", method: "POST", headers: ["X-Mixed-Case": "v1"], body: "one"),
            try await send(server, "/v1/b", method: "PUT", body: "two"),
            try await send(server, "/v1/c"),
            try await send(server, "/v1/d"),
        ]

        #expect(replies.map(\.status) == [429, 200, 503, 503])
        let bodies = replies.map { String(decoding: $0.body, as: UTF8.self) }
        #expect(bodies == ["second", #"{"n": 3}"#, "default", "default"])
        #expect(replies[0].headers["retry-after"] == "3")
        #expect(replies[1].headers["content-type"] == "application/json")
        let sent = try await server.requests()
        #expect(sent.map(\.path) == ["/v1/a?x=1", "/v1/b", "/v1/c", "/v1/d"])
        #expect(sent.map(\.method) == ["POST", "PUT", "GET", "GET"])
        #expect(sent.map(\.body) == ["one", "two", "", ""])
        #expect(sent[0].headers["x-mixed-case"] == "v1")
        #expect(sent[0].headers.keys.allSatisfy { $0 == $0.lowercased() })
        #expect(zip(sent, sent.dropFirst()).allSatisfy { $0.receivedAt <= $1.receivedAt })
    }

    @Test func withoutAScriptEveryProviderRequestGetsA500() async throws {
        let server = try await LoopbackServer.start()
        defer { server.stop() }

        let reply = try await send(server, "/v1/chat/completions", method: "POST")

        #expect(reply.status == 500)
        #expect(String(decoding: reply.body, as: UTF8.self).contains("no scripted response left"))
    }

    @Test func aBodyCutMidwayOrNoResponseIsALostConnectionToAsyncHTTPClient() async throws {
        let server = try await LoopbackServer.start()
        defer { server.stop() }
        try await server.script([
            .init(body: String(repeating: "x", count: 1_000), closeMidBody: true), .init(closeBeforeResponse: true),
            .init(body: "after"),
        ])

        // The head arrives, promising 1000 bytes; the body ends with the connection, 500 bytes short.
        let cut = try await TestHTTPClient.transport().stream(server.request("/v1/cut"))
        #expect(cut.status == 200 && cut.headers["content-length"] == "1000")
        var lost: TransportError?
        do {
            _ = try await cut.collectBody(upTo: 1 << 20)
        } catch let error as TransportError {
            lost = error
        }
        let none = await sendError(TestHTTPClient.transport(), server.request("/v1/none"))
        let after = try await send(server, "/v1/after")

        #expect(lost?.kind == "connectionLost", "\(String(describing: lost))")
        #expect(none?.kind == "connectionLost", "\(String(describing: none))")
        #expect(String(decoding: after.body, as: UTF8.self) == "after")
        #expect(try await server.requests().map(\.path) == ["/v1/cut", "/v1/none", "/v1/after"])
    }

    @Test func aCounterWaitWakesWhenTheCountChangesAndGivesUpAtItsLimit() async throws {
        let server = try await LoopbackServer.start()
        defer { server.stop() }

        #expect(await server.waitForCounter("chats_received", toReach: 1, atMost: .milliseconds(50)) == false)
        let request = Task {
            try await send(server, "/openai/0.2/v1/chat/completions", method: "POST", body: #"{"model": "m"}"#)
        }
        #expect(await server.waitForCounter("chats_received", toReach: 1))
        let reply = try await request.value
        #expect(await server.waitForCounter("chats", toReach: 1))

        let counters = try await server.counters()
        #expect(reply.status == 200)
        #expect(counters["chats"] == 1 && counters["chats_received"] == 1)
        // Reply 1 reports 400 + 3 prompt tokens; its card text is what the completion count is derived from.
        #expect(counters["prompt_tokens"] == 403)
        #expect((counters["completion_tokens"] ?? 0) > 1_000)
        #expect(try await server.requests().isEmpty, "path-driven routes are not recorded")
    }

    @Test func stopEndsARequestStillWaitingAndTheServerListensNoMore() async throws {
        let server = try await LoopbackServer.start()
        let waiting = Task {
            await sendError(TestHTTPClient.transport(), server.request("/delay/never"))
        }
        #expect(await server.waitForCounter("requests", toReach: 1))

        await server.shutdown()

        let error = await waiting.value
        #expect(error?.kind == "connectionLost", "\(String(describing: error))")
        let refused = await sendError(TestHTTPClient.transport(), server.request("/delay/0"))
        #expect(refused?.kind == "connectionFailed", "\(String(describing: refused))")
    }
}
