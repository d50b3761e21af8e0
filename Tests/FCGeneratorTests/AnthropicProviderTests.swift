import FCCore
import FCGenerator
import FCTestSupport
import Foundation
import Testing

struct AnthropicProviderTests {
    static func provider(_ server: LoopbackServer, structured: StructuredOutputMode = .jsonSchema) -> any LLMProvider {
        makeProvider(
            Fixtures.settings(
                .anthropic, baseURL: server.baseURL.appendingPathComponent("v1"), apiKey: "ant-key-9",
                structured: structured),
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

    /// A reply of the shape the Messages API answers a forced tool call with (recorded from the API reference's
    /// example: `stop_reason` `tool_use`, one `tool_use` block whose `input` follows the tool's `input_schema`).
    static let toolReply = #"""
        {"id":"msg_01Aq9w938a90dw8q","type":"message","role":"assistant","model":"claude-x",
        "content":[{"type":"tool_use","id":"toolu_01A09q90qw90lq917835lq9","name":"flashcards",
        "input":{"cards":[{"question":"Who founded Rome?","answer":"Romulus","explanation":"By legend.",
        "type":"question","image_query":""}]}}],
        "stop_reason":"tool_use","stop_sequence":null,"usage":{"input_tokens":472,"output_tokens":91}}
        """#

    @Test func structuredRequestsMakeTheModelCallTheSchemasTool() async throws {
        let server = try await LoopbackServer.start()
        defer { server.stop() }
        try await server.script([.init(json: Self.toolReply), .init(json: Self.toolReply)])
        let completion = try await Self.provider(server).complete(Fixtures.request())
        _ = try await Self.provider(server, structured: .jsonObject).complete(Fixtures.request())

        let sent = try await server.requests()
        let tools = try #require(sent.first?.value("tools") as? [[String: Any]])
        #expect(tools.count == 1)
        #expect(tools.first?["name"] as? String == "flashcards")
        let schema = try #require(tools.first?["input_schema"] as? [String: Any])
        #expect(schema["type"] as? String == "object")
        #expect((schema["properties"] as? [String: Any])?.keys.sorted() == ["cards"])
        #expect(sent.first?.value("tool_choice") as? [String: String] == ["type": "tool", "name": "flashcards"])
        // json_object has no schema to send: the prompt alone asks for the shape.
        #expect(sent.last?.value("tools") == nil && sent.last?.value("tool_choice") == nil)

        // The tool's input is the document; the usage and model come from the envelope.
        let document = try #require(
            try JSONSerialization.jsonObject(with: Data(completion.text.utf8)) as? [String: [[String: String]]])
        #expect(document["cards"]?.first?["question"] == "Who founded Rome?")
        #expect(document["cards"]?.first?["answer"] == "Romulus")
        #expect(completion.usage == TokenUsage(input: 472, output: 91))
        #expect(completion.model == "claude-x")
        #expect(!completion.truncated)
    }

    @Test func outlineAndReviewRequestsNameTheirOwnTools() async throws {
        let server = try await LoopbackServer.start()
        defer { server.stop() }
        try await server.script([.init(json: Self.reply(text: "{}")), .init(json: Self.reply(text: "{}"))])
        let provider = Self.provider(server)
        _ = try await provider.complete(.outline(topic: "Rome", prompt: Prompt(system: "S", user: "U")))
        let prompt = Prompt(system: "S", user: "U")
        _ = try await provider.complete(
            .review(topic: "Rome", plan: BatchPlanner.plan(number: 1), count: 1, prompt: prompt))
        let names = try await server.requests().map { ($0.value("tool_choice") as? [String: String])?["name"] }
        #expect(names == ["topic_outline", "card_review"])
    }

    @Test func aRejectedToolStepsDownToThePromptAlone() async throws {
        let server = try await LoopbackServer.start()
        defer { server.stop() }
        let rejection = #"""
            {"type":"error","error":{"type":"invalid_request_error","message":"tools.0.input_schema: JSON schema is invalid"}}
            """#
        try await server.script([
            .init(status: 400, json: rejection), .init(json: Self.reply(text: #"{"cards": []}"#)),
            .init(json: Self.reply(text: "{}")),
        ])
        let provider = Self.provider(server)
        #expect(try await provider.complete(Fixtures.request()).text == #"{"cards": []}"#)
        _ = try await provider.complete(Fixtures.request())
        let sent = try await server.requests()
        #expect(sent.count == 3)
        #expect(sent[0].value("tools") != nil)
        #expect(sent[1].value("tools") == nil && sent[2].value("tools") == nil, "the lower mode is kept")
    }
}
