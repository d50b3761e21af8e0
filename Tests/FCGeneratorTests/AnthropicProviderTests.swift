import FCCore
import FCGenerator
import FCTestSupport
import Foundation
import Testing

struct AnthropicProviderTests {
    static func provider(_ server: LoopbackServer) -> any LLMProvider {
        makeProvider(
            Fixtures.settings(.anthropic, baseURL: server.baseURL.appendingPathComponent("v1"), apiKey: "ant-key-9"),
            transport: TestHTTPClient.transport(),
            clock: ImmediateClock(),
            random: RandomSource(seed: 3),
            events: { _ in }
        )
    }

    static func reply(text: String, stop: String = "end_turn") -> String {
        Fixtures.jsonText([
            "id": "msg_1", "type": "message", "role": "assistant", "model": "claude-x",
            "content": [["type": "text", "text": text]], "stop_reason": stop,
            "usage": ["input_tokens": 88, "output_tokens": 12],
        ])
    }

    @Test func requestShape() async throws {
        let server = try await LoopbackServer.start()
        defer { server.stop() }
        try await server.script([.init(json: Self.reply(text: "{}"))])
        _ = try await Self.provider(server).complete(Fixtures.request())
        let sent = try #require(try await server.requests().first)
        #expect(sent.path == "/v1/messages")
        #expect(sent.headers["x-api-key"] == "ant-key-9")
        #expect(sent.headers["anthropic-version"] == "2023-06-01")
        #expect(sent.headers["content-type"] == "application/json")
        #expect(sent.headers["authorization"] == nil)
        #expect(sent.value("model") as? String == "test-model")
        #expect(sent.value("max_tokens") as? Int == 900)
        #expect(sent.value("system") as? String == "SYSTEM TEXT")
        #expect(sent.value("temperature") as? Double == 0.25)
        #expect(sent.value("messages") as? [[String: String]] == [["role": "user", "content": "USER TEXT"]])
    }

    @Test func parsesTextBlocksUsageAndTruncation() async throws {
        let server = try await LoopbackServer.start()
        defer { server.stop() }
        let mixed = Fixtures.jsonText([
            "model": "claude-x", "stop_reason": "end_turn",
            "content": [
                ["type": "text", "text": "{\"cards\":"], ["type": "tool_use", "id": "t"],
                ["type": "text", "text": "[]}"],
            ],
        ])
        try await server.script([
            .init(json: Self.reply(text: "{}")), .init(json: Self.reply(text: "{\"c", stop: "max_tokens")),
            .init(json: mixed),
        ])
        let provider = Self.provider(server)
        #expect(
            try await provider.complete(Fixtures.request())
                == Completion(text: "{}", truncated: false, usage: .init(input: 88, output: 12), model: "claude-x"))
        #expect(try await provider.complete(Fixtures.request()).truncated)
        #expect(try await provider.complete(Fixtures.request()).text == #"{"cards":[]}"#)
    }
}
