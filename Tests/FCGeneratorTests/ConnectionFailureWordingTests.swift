import FCGenerator
import Foundation
import Testing

/// What a connection failure names: the provider's kind as configured, and the host and port tried.
struct ConnectionFailureWordingTests {
    @Test func anOpenAIStyleServerOfOnesOwnIsOpenAICompatible() {
        let local = ProviderSettings(kind: .openai, baseURL: URL(string: "http://127.0.0.1:11434/v1"), model: "m")
        #expect(local.kindDescription == "openai-compatible")
        #expect(ProviderSettings(kind: .openai, model: "m").kindDescription == "openai")
        let official = ProviderSettings(kind: .openai, baseURL: URL(string: "https://api.openai.com/v1"), model: "m")
        #expect(official.kindDescription == "openai")
        #expect(ProviderSettings(kind: .gemini, model: "m").kindDescription == "gemini")
    }

    @Test func theEndpointIsHostAndPortWithTheSchemesDefault() throws {
        func endpoint(_ url: String) throws -> String {
            ErrorDiagnostics(
                provider: "openai", model: "m", baseURL: try #require(URL(string: url)), apiKeyVariable: nil,
                apiKey: nil
            ).endpoint
        }
        #expect(try endpoint("http://127.0.0.1:11434/v1") == "127.0.0.1:11434")
        #expect(try endpoint("https://api.openai.com/v1?key=secret") == "api.openai.com:443")
        #expect(try endpoint("http://localhost/v1") == "localhost:80")
        #expect(try endpoint("http://[::1]:8080/v1") == "[::1]:8080")
    }

    @Test func theMessageSaysWhatWasTriedAndWhatToCheck() {
        let error = GeneratorError.unreachable(
            provider: "openai-compatible", endpoint: "127.0.0.1:11434", attempts: 4, seconds: 6,
            reason: "connection refused")
        #expect(
            error.description
                == "could not connect to 127.0.0.1:11434 (openai-compatible, 4 attempts over 6 s): connection refused "
                + "— is the server running?")
        #expect(error.isTransient)
        let once = GeneratorError.unreachable(
            provider: "gemini", endpoint: "example.invalid:443", attempts: 1, seconds: 0, reason: "host not found")
        #expect(once.description.contains("(gemini, 1 attempt over 0 s): host not found — check the host"))
    }
}
