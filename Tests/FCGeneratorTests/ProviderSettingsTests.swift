import FCCore
import FCGenerator
import FCTestSupport
import Foundation
import Testing

struct ProviderSettingsTests {
    static let key = "sk-proj-VERYSECRET-42"

    @Test func descriptionsNeverShowTheKey() {
        let settings = ProviderSettings(kind: .anthropic, model: "claude-x", apiKey: Self.key)
        #expect(!settings.description.contains(Self.key))
        #expect(settings.description.contains("key=set"))
        #expect(!"\(settings)".contains(Self.key))
        var dumped = ""
        dump(settings, to: &dumped)
        #expect(!dumped.contains(Self.key))
        #expect(!String(reflecting: settings).contains(Self.key))
    }

    @Test func defaultsPerKind() {
        #expect(ProviderKind.openai.defaultBaseURL?.absoluteString == "https://api.openai.com/v1")
        #expect(
            ProviderKind.gemini.defaultBaseURL?.absoluteString == "https://generativelanguage.googleapis.com/v1beta")
        #expect(ProviderKind.anthropic.defaultBaseURL?.absoluteString == "https://api.anthropic.com/v1")
        #expect(ProviderKind.fixture.defaultBaseURL == nil)
        let settings = ProviderSettings(kind: .openai, model: "m", timeoutSeconds: 0)
        #expect(settings.timeoutSeconds == 1)
        #expect(settings.structuredOutput == .jsonSchema)
        #expect(settings.retry == RetryPolicy())
    }

    @Test func providersUseTheDefaultEndpoints() async throws {
        for (kind, url) in [
            (ProviderKind.openai, "https://api.openai.com/v1/chat/completions"),
            (.gemini, "https://generativelanguage.googleapis.com/v1beta/models/m-1:generateContent"),
            (.anthropic, "https://api.anthropic.com/v1/messages"),
        ] {
            let stub = StubTransport(replies: [.json(status: 401, "{}")])
            let provider = makeProvider(
                ProviderSettings(kind: kind, model: kind == .gemini ? "models/m-1" : "m-1", apiKey: Self.key),
                transport: stub,
                clock: ImmediateClock(),
                random: RandomSource(seed: 1),
                events: { _ in }
            )
            await #expect(throws: GeneratorError.self) { try await provider.complete(Fixtures.request()) }
            #expect(stub.requests.first?.url.absoluteString == url)
            #expect(provider.name == kind.rawValue)
        }
    }

    @Test func authenticationHintNamesTheConfiguredVariable() async {
        var settings = Fixtures.settings(.gemini, baseURL: URL(string: "http://stub.invalid"), apiKey: Self.key)
        settings.apiKeyVariable = "MY_GEMINI_KEY"
        let provider = makeProvider(
            settings,
            transport: StubTransport(replies: [.json(status: 403, #"{"error":{"message":"denied"}}"#)]),
            clock: ImmediateClock(),
            random: RandomSource(seed: 1),
            events: { _ in }
        )
        await #expect {
            try await provider.complete(Fixtures.request())
        } throws: { error in
            let text = String(describing: error)
            return text.contains("gemini rejected the request (HTTP 403): denied. Check MY_GEMINI_KEY")
                && !text.contains(Self.key)
        }
    }

    @Test func structuredModesStepDownInOrder() {
        #expect(StructuredOutputMode.jsonSchema.weaker == .jsonObjectSchema)
        #expect(StructuredOutputMode.jsonObjectSchema.weaker == .jsonObject)
        #expect(StructuredOutputMode.jsonObject.weaker == StructuredOutputMode.none)
        #expect(StructuredOutputMode.none.weaker == nil)
        #expect(StructuredOutputMode(rawValue: "json_object_schema") == .jsonObjectSchema)
    }
}
