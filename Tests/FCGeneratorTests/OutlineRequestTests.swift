import FCCore
import FCGenerator
import FCTestSupport
import Foundation
import Testing

/// Outline requests carry each provider's JSON-schema mechanism, as card requests do, with the outline's schema.
struct OutlineRequestTests {
    static func outlineRequest(language: LanguageTag? = nil) -> GenerationRequest {
        .outline(topic: "Roman history", prompt: OutlinePrompt.render(topic: "Roman history", language: language))
    }

    static func send(_ kind: ProviderKind, structured: StructuredOutputMode = .jsonSchema, reply: String) async throws
        -> [String: Any]
    {
        let transport = StubTransport(replies: [.json(reply)])
        let provider = makeProvider(
            Fixtures.settings(kind, baseURL: URL(string: "http://127.0.0.1:9/v1"), apiKey: "k", structured: structured),
            transport: transport, clock: ImmediateClock(), random: RandomSource(seed: 1), events: { _ in })
        _ = try await provider.complete(outlineRequest())
        let body = try #require(transport.requests.first).body
        return try #require(try JSONSerialization.jsonObject(with: body) as? [String: Any])
    }

    @Test func openAISendsTheOutlineSchema() async throws {
        let body = try await Self.send(.openai, reply: Fixtures.openAIBody(content: "{}"))
        let format = try #require(body["response_format"] as? [String: Any])
        let schema = try #require(format["json_schema"] as? [String: Any])
        #expect(schema["name"] as? String == "topic_outline")
        let properties = (schema["schema"] as? [String: Any])?["properties"] as? [String: Any]
        #expect(properties?.keys.sorted() == ["subtopics"])
    }

    @Test func openAIJSONObjectSchemaModeSendsTheOutlineSchemaToo() async throws {
        let body = try await Self.send(
            .openai, structured: .jsonObjectSchema, reply: Fixtures.openAIBody(content: "{}"))
        let format = try #require(body["response_format"] as? [String: Any])
        let properties = (format["schema"] as? [String: Any])?["properties"] as? [String: Any]
        #expect(properties?.keys.sorted() == ["subtopics"])
    }

    @Test func geminiSendsTheOutlineResponseSchema() async throws {
        let reply = #"{"candidates":[{"content":{"parts":[{"text":"{}"}]},"finishReason":"STOP"}]}"#
        let body = try await Self.send(.gemini, reply: reply)
        let config = try #require(body["generationConfig"] as? [String: Any])
        #expect(config["responseMimeType"] as? String == "application/json")
        let schema = try #require(config["responseSchema"] as? [String: Any])
        #expect((schema["properties"] as? [String: Any])?.keys.sorted() == ["subtopics"])
        #expect(schema["type"] as? String == "OBJECT")
    }

    @Test func anthropicAsksForTheShapeInThePrompt() async throws {
        let reply = #"{"content":[{"type":"text","text":"{}"}],"stop_reason":"end_turn"}"#
        let body = try await Self.send(.anthropic, reply: reply)
        let user = ((body["messages"] as? [[String: Any]])?.first?["content"] as? String) ?? ""
        #expect(user.contains(#"{"subtopics": [{"name": "...", "levels": [{"level": "foundational""#))
        #expect(body["system"] as? String == OutlinePrompt.render(topic: "x", language: nil).system)
    }

    @Test func theOutlinePromptNamesTheLanguage() throws {
        let prompt = OutlinePrompt.render(topic: "Photosynthesis", language: try #require(LanguageTag("cs")))
        #expect(prompt.user.contains("Write the names and focus phrases in Czech (cs)."))
        #expect(!OutlinePrompt.render(topic: "Photosynthesis", language: nil).user.contains("Write the names"))
    }

    @Test func theFixtureProviderReplaysTheTopicsRecordedOutline() async throws {
        let completion = try await FixtureProvider(directory: nil).complete(Self.outlineRequest())
        #expect(completion.text.contains("\"subtopics\""))
        let none = try await FixtureProvider(directory: nil).complete(
            .outline(topic: "Unrecorded topic", prompt: Prompt(system: "", user: "")))
        #expect(none.text.isEmpty)
    }
}
