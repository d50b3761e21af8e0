import FCCore
import FCGenerator
import FCTestSupport
import Foundation
import Testing

struct GeminiProviderTests {
    static func provider(_ server: LoopbackServer, mode: StructuredOutputMode = .jsonSchema) -> any LLMProvider {
        makeProvider(
            Fixtures.settings(
                .gemini,
                baseURL: server.baseURL.appendingPathComponent("v1beta"),
                apiKey: "g-key-1",
                structured: mode
            ),
            transport: TestHTTPClient.transport(),
            clock: ImmediateClock(),
            random: RandomSource(seed: 3),
            events: { _ in }
        )
    }

    static let reply = #"""
        {"candidates":[{"content":{"parts":[{"text":"{\"cards\":"},{"text":"[]}"}],"role":"model"},"finishReason":"STOP"}],
         "usageMetadata":{"promptTokenCount":50,"candidatesTokenCount":7,"totalTokenCount":57},"modelVersion":"gemini-x"}
        """#

    @Test func requestShape() async throws {
        let server = try await LoopbackServer.start()
        defer { server.stop() }
        try await server.script([], default: .init(json: Self.reply))
        _ = try await Self.provider(server).complete(Fixtures.request(count: 4))
        _ = try await Self.provider(server, mode: .jsonObject).complete(Fixtures.request())
        _ = try await Self.provider(server, mode: .none).complete(Fixtures.request())
        let sent = try await server.requests()
        try #require(sent.count == 3)

        let first = sent[0]
        #expect(first.path == "/v1beta/models/test-model:generateContent")
        #expect(first.headers["x-goog-api-key"] == "g-key-1")
        #expect(first.headers["authorization"] == nil)
        #expect(!first.path.contains("key="))
        let system = first.value("systemInstruction", "parts") as? [[String: String]]
        #expect(system == [["text": "SYSTEM TEXT"]])
        let contents = first.value("contents") as? [[String: Any]]
        #expect(contents?.first?["role"] as? String == "user")
        #expect((contents?.first?["parts"] as? [[String: String]]) == [["text": "USER TEXT"]])
        #expect(first.value("generationConfig", "temperature") as? Double == 0.25)
        #expect(first.value("generationConfig", "maxOutputTokens") as? Int == 900)
        #expect(first.value("generationConfig", "responseMimeType") as? String == "application/json")
        let cards = first.value("generationConfig", "responseSchema", "properties", "cards") as? [String: Any]
        #expect(cards?["type"] as? String == "ARRAY")
        #expect(cards?["maxItems"] as? Int == 4)
        let ordering = (cards?["items"] as? [String: Any])?["propertyOrdering"] as? [String]
        #expect(ordering == ["question", "answer", "explanation", "type", "image_query"])

        #expect(sent[1].value("generationConfig", "responseMimeType") as? String == "application/json")
        #expect(sent[1].value("generationConfig", "responseSchema") == nil)
        #expect(sent[2].value("generationConfig", "responseMimeType") == nil)
    }

    @Test func parsesJoinedPartsUsageAndTruncation() async throws {
        let server = try await LoopbackServer.start()
        defer { server.stop() }
        let cut = #"{"candidates":[{"content":{"parts":[{"text":"{\"ca"}]},"finishReason":"MAX_TOKENS"}]}"#
        let thinking =
            #"{"candidates":[{"content":{"parts":[{"text":"hmm","thought":true},{"text":"{}"}]},"finishReason":"STOP"}]}"#
        try await server.script([.init(json: Self.reply), .init(json: cut), .init(json: thinking)])
        let provider = Self.provider(server)
        let completion = try await provider.complete(Fixtures.request())
        #expect(
            completion
                == Completion(
                    text: #"{"cards":[]}"#, truncated: false, usage: .init(input: 50, output: 7), model: "gemini-x"))
        let truncated = try await provider.complete(Fixtures.request())
        #expect(truncated.truncated && truncated.text == #"{"ca"# && truncated.model == "test-model")
        #expect(try await provider.complete(Fixtures.request()).text == "{}")
    }

    @Test func schemaRejectionStepsDownToMimeTypeOnly() async throws {
        let server = try await LoopbackServer.start()
        defer { server.stop() }
        let rejection =
            #"{"error":{"code":400,"message":"Invalid JSON payload received. Unknown name \"propertyOrdering\" at 'generation_config.response_schema'","status":"INVALID_ARGUMENT"}}"#
        try await server.script([.init(status: 400, json: rejection)], default: .init(json: Self.reply))
        _ = try await Self.provider(server).complete(Fixtures.request())
        let sent = try await server.requests()
        #expect(sent.count == 2)
        #expect(sent[1].value("generationConfig", "responseSchema") == nil)
        #expect(sent[1].value("generationConfig", "responseMimeType") as? String == "application/json")
    }
}
