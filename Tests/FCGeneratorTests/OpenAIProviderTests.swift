import FCCore
import FCGenerator
import FCTestSupport
import Foundation
import Testing

/// The OpenAI wire format over real HTTP to the loopback stub.
struct OpenAIProviderTests {
    static func provider(_ server: LoopbackServer, apiKey: String? = nil, mode: StructuredOutputMode = .jsonSchema)
        -> any LLMProvider
    {
        makeProvider(
            Fixtures.settings(baseURL: server.baseURL.appendingPathComponent("v1"), apiKey: apiKey, structured: mode),
            transport: TestHTTPClient.transport(),
            clock: ImmediateClock(),
            random: RandomSource(seed: 3),
            events: { _ in }
        )
    }

    @Test(arguments: StructuredOutputMode.allCases)
    func requestShapeForEachStructuredMode(mode: StructuredOutputMode) async throws {
        let server = try await LoopbackServer.start()
        defer { server.stop() }
        try await server.script([], default: .init(json: Fixtures.openAIBody()))
        _ = try await Self.provider(server, mode: mode).complete(Fixtures.request(count: 6))

        let sent = try #require(try await server.requests().first)
        #expect(sent.method == "POST")
        #expect(sent.path == "/v1/chat/completions")
        #expect(sent.headers["content-type"] == "application/json")
        #expect(sent.headers["authorization"] == nil)  // local servers need no key, so none is sent
        #expect(sent.value("model") as? String == "test-model")
        #expect(sent.value("temperature") as? Double == 0.25)
        #expect(sent.value("max_tokens") as? Int == 900)
        let messages = try #require(sent.value("messages") as? [[String: String]])
        #expect(messages == [["role": "system", "content": "SYSTEM TEXT"], ["role": "user", "content": "USER TEXT"]])

        let format = sent.value("response_format") as? [String: Any]
        switch mode {
        case .jsonSchema:
            #expect(format?["type"] as? String == "json_schema")
            let wrapper = try #require(format?["json_schema"] as? [String: Any])
            #expect(wrapper["name"] as? String == "flashcards")
            #expect(wrapper["strict"] as? Bool == true)
            let schema = try #require(wrapper["schema"] as? [String: Any])
            #expect(schema["required"] as? [String] == ["cards"])
        case .jsonObjectSchema:
            #expect(format?["type"] as? String == "json_object")
            let schema = try #require(format?["schema"] as? [String: Any])
            let cards = (schema["properties"] as? [String: Any])?["cards"] as? [String: Any]
            #expect(cards?["minItems"] as? Int == 6)
            let item = cards?["items"] as? [String: Any]
            let type = (item?["properties"] as? [String: Any])?["type"] as? [String: Any]
            #expect(type?["enum"] as? [String] == ["question", "definition", "truefalse", "fillblank"])
        case .jsonObject:
            #expect(format?["type"] as? String == "json_object")
            #expect(format?["schema"] == nil)
        case .none:
            #expect(format == nil)
        }
        // Fields in the order the model should write them: question before answer.
        if mode == .jsonSchema || mode == .jsonObjectSchema {
            let question = try #require(sent.body.range(of: "\"question\":{"))
            let answer = try #require(sent.body.range(of: "\"answer\":{"))
            #expect(question.lowerBound < answer.lowerBound)
        }
    }

    @Test func frequencyPenaltyIsSentOnlyWhenSet() async throws {
        let server = try await LoopbackServer.start()
        defer { server.stop() }
        try await server.script([], default: .init(json: Fixtures.openAIBody()))
        _ = try await Self.provider(server).complete(Fixtures.request(count: 6))
        var settings = Fixtures.settings(baseURL: server.baseURL.appendingPathComponent("v1"), structured: .jsonSchema)
        settings.frequencyPenalty = 0.5
        let penalised = makeProvider(
            settings, transport: TestHTTPClient.transport(), clock: ImmediateClock(), random: RandomSource(seed: 3),
            events: { _ in })
        _ = try await penalised.complete(Fixtures.request(count: 6))
        let sent = try await server.requests()
        #expect(sent.count == 2)
        #expect(sent.first?.value("frequency_penalty") == nil)
        #expect(sent.last?.value("frequency_penalty") as? Double == 0.5)
    }

    @Test func sendsBearerKeyWhenConfigured() async throws {
        let server = try await LoopbackServer.start()
        defer { server.stop() }
        try await server.script([], default: .init(json: Fixtures.openAIBody()))
        _ = try await Self.provider(server, apiKey: "sk-test-123").complete(Fixtures.request())
        #expect(try await server.requests().first?.headers["authorization"] == "Bearer sk-test-123")
    }

    @Test func parsesTextUsageModelAndTruncation() async throws {
        let server = try await LoopbackServer.start()
        defer { server.stop() }
        let cut = #"{"cards":[{"question":"Who"#
        try await server.script([
            .init(json: Fixtures.openAIBody(model: "smollm2", promptTokens: 137, completionTokens: 45)),
            .init(json: Fixtures.openAIBody(content: cut, finishReason: "length", completionTokens: 400)),
        ])
        let provider = Self.provider(server)
        let complete = try await provider.complete(Fixtures.request())
        #expect(
            complete
                == Completion(
                    text: Fixtures.cardsText, truncated: false, usage: .init(input: 137, output: 45), model: "smollm2"))
        let truncated = try await provider.complete(Fixtures.request())
        #expect(truncated.truncated)
        #expect(truncated.text == cut)
        #expect(truncated.usage.output == 400)
        #expect(provider.name == "openai" && provider.model == "test-model")
    }

    @Test func nullContentIsAnEmptyTextForTheSanitizer() async throws {
        let server = try await LoopbackServer.start()
        defer { server.stop() }
        let body =
            #"{"model":"m","choices":[{"index":0,"message":{"role":"assistant","content":null},"finish_reason":"stop"}]}"#
        try await server.script([.init(json: body)])
        let completion = try await Self.provider(server).complete(Fixtures.request())
        #expect(completion.text == "")
        #expect(completion.usage == .none)
    }
}
