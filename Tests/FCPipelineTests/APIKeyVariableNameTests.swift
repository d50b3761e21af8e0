import FCPipeline
import Foundation
import Testing

/// `api_key_env` names the variable that holds the key. A key pasted there must be refused without being printed,
/// wherever the value came from.
struct APIKeyVariableNameTests {
    static let pastedKey = "sk-proj-Zq8vT3xW9yL2mN4bR7cK1dF6gH0jP5sA"

    private func message<T>(_ body: () throws -> T) -> String? {
        do {
            _ = try body()
            return nil
        } catch {
            return "\(error)"
        }
    }

    @Test func aKeyInTheConfigFileIsRefusedWithoutEchoingIt() {
        let json = #"{"provider": "openai", "api_key_env": "\#(Self.pastedKey)"}"#
        let text = message { try ConfigLayer.parse(Data(json.utf8), file: "config.json") }
        #expect(text?.hasPrefix("config.json: key \"api_key_env\": must name an environment variable") == true)
        #expect(text?.hasSuffix("the value is not shown") == true, "got: \(text ?? "no error")")
        #expect(text?.contains("sk-") == false)
    }

    @Test func aKeyInTheEnvironmentIsRefusedWithoutEchoingIt() {
        let text = message { try ConfigLayer.fromEnvironment(["FCGEN_API_KEY_ENV": Self.pastedKey]) }
        #expect(text?.hasPrefix("environment variable FCGEN_API_KEY_ENV: must name an environment variable") == true)
        #expect(text?.contains("sk-") == false)
    }

    @Test func aKeyInAFlagLayerIsRefusedWithoutEchoingIt() throws {
        var flags = ConfigLayer()
        flags.apiKeyEnv = Self.pastedKey
        let text = message {
            try Settings.resolve(flags, environment: [:], workingDirectory: URL(fileURLWithPath: "/"))
        }
        #expect(text?.hasPrefix("api_key_env must name an environment variable") == true, "got: \(text ?? "none")")
        #expect(text?.contains("sk-") == false)
        do {
            _ = try Settings.resolve(flags, environment: [:], workingDirectory: URL(fileURLWithPath: "/"))
        } catch let error as PipelineError {
            // `.setting` is the usage class (exit 64), like every other bad flag value.
            guard case .setting = error else { throw error }
        }
    }

    @Test(arguments: [
        "sk-ant-api03-abc", "AIzaSy-B1c2", "has space", "2FA_KEY", "", "KEY=VALUE", "clé",
        String(repeating: "A", count: 65), "1234567890",
        // Keys that fit the name pattern: a Gemini key without a hyphen, a Groq key.
        "AIzaSyB1c2D3e4F5g6H7i8J9k0L1m2N3o4P5q6R", "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",
    ])
    func implausibleNamesAreRefused(_ value: String) {
        let json = #"{"api_key_env": "\#(value)"}"#
        let text = message { try ConfigLayer.parse(Data(json.utf8), file: "c.json") }
        #expect(text?.hasSuffix("the value is not shown") == true, "got: \(text ?? "no error")")
        if !value.isEmpty { #expect(text?.contains(value) == false) }
    }

    @Test func aValueOfTheWrongTypeIsNotEchoedEither() {
        let text = message { try ConfigLayer.parse(Data(#"{"api_key_env": 123456789}"#.utf8), file: "c.json") }
        #expect(text?.contains("123456789") == false, "got: \(text ?? "no error")")
        #expect(text?.hasSuffix("the value is not shown") == true)
    }

    @Test(arguments: [
        "OPENAI_API_KEY", "my_key_2", "_PRIVATE", String(repeating: "K", count: 64),
        "MyProject2025_OpenAI_API_Key_For_Flashcards", "myApiKeyForOpenAI2",
    ])
    func plausibleNamesAreKept(_ name: String) throws {
        let layer = try ConfigLayer.parse(Data(#"{"api_key_env": " \#(name) "}"#.utf8), file: "c.json")
        #expect(layer.apiKeyEnv == name)
        #expect(try ConfigLayer.fromEnvironment(["FCGEN_API_KEY_ENV": name]).apiKeyEnv == name)
    }

    @Test func aBaseURLIsShownOnlyWithoutCredentialsAndOnlyWhenItIsAURL() {
        var layer = ConfigLayer()
        layer.baseURL = "ftp://user:hunter2@example.com/v1?key=AIzaSecret"
        let root = URL(fileURLWithPath: "/")
        let shown = message { try Settings.resolve(layer, environment: [:], workingDirectory: root) }
        #expect(
            shown?.hasPrefix("base_url \"ftp://example.com/v1\" is not an http(s) URL") == true, "got: \(shown ?? "")")
        #expect(shown?.contains("hunter2") == false && shown?.contains("AIzaSecret") == false)
        layer.baseURL = Self.pastedKey
        let hidden = message { try Settings.resolve(layer, environment: [:], workingDirectory: root) }
        #expect(hidden?.hasPrefix("base_url (the value is not shown) is not an http(s) URL") == true)
        #expect(hidden?.contains("sk-") == false)
    }
}
