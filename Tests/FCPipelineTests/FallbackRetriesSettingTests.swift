import FCGenerator
import FCPipeline
import Foundation
import Testing

/// `fallback_retries` (`--fallback-retries`, `FCGEN_FALLBACK_RETRIES`): 1 by default, 0...5, never for the offline
/// demo; `frequency_penalty`: none by default, -2...2, passed to the provider's settings.
struct FallbackRetriesSettingTests {
    static func resolve(_ layer: ConfigLayer) throws -> Settings {
        try Settings.resolve(layer, environment: [:], workingDirectory: URL(fileURLWithPath: "/tmp"))
    }

    static func factory(_ layer: ConfigLayer) throws -> PipelineFactory {
        PipelineFactory(settings: try resolve(layer), environment: [:], workingDirectory: URL(fileURLWithPath: "/tmp"))
    }

    @Test func oneByDefaultReadFromTheFileAndTheEnvironmentAndRangeChecked() throws {
        #expect(try Self.resolve(ConfigLayer()).fallbackRetries == 1)
        let file = try ConfigLayer.parse(Data(#"{"fallback_retries": 0}"#.utf8), file: "c.json")
        #expect(try Self.resolve(file).fallbackRetries == 0)
        #expect(try ConfigLayer.fromEnvironment(["FCGEN_FALLBACK_RETRIES": "3"]).fallbackRetries == 3)
        #expect(throws: (any Error).self) { try ConfigLayer.fromEnvironment(["FCGEN_FALLBACK_RETRIES": "6"]) }
        #expect(throws: (any Error).self) {
            try ConfigLayer.parse(Data(#"{"fallback_retries": -1}"#.utf8), file: "c.json")
        }
        var flags = ConfigLayer()
        flags.fallbackRetries = 9
        #expect(throws: PipelineError.self) { try Self.resolve(flags) }
    }

    @Test func theGenerationOptionsAskAgainExceptOffline() throws {
        var layer = ConfigLayer()
        layer.fallbackRetries = 2
        #expect(try Self.factory(layer).generationOptions(strict: false).fallbackRetries == 2)
        layer.provider = "fixture"
        #expect(try Self.factory(layer).generationOptions(strict: false).fallbackRetries == 0)
        #expect(GenerationOptions().fallbackRetries == 0)
    }

    @Test func frequencyPenaltyIsUnsetByDefaultAndReachesTheProvider() throws {
        // A local server needs no key.
        var local = ConfigLayer()
        local.baseURL = "http://127.0.0.1:8080/v1"
        #expect(try Self.factory(local).providerSettings().frequencyPenalty == nil)
        let file = try ConfigLayer.parse(Data(#"{"frequency_penalty": 0.5}"#.utf8), file: "c.json")
        #expect(try Self.factory(local.overlaying(file)).providerSettings().frequencyPenalty == 0.5)
        #expect(throws: (any Error).self) {
            try ConfigLayer.parse(Data(#"{"frequency_penalty": 2.5}"#.utf8), file: "c.json")
        }
    }
}
