import FCPipeline
import Foundation
import Testing

struct StreamSettingTests {
    static func resolve(_ layer: ConfigLayer) throws -> Settings {
        try Settings.resolve(layer, environment: [:], workingDirectory: URL(fileURLWithPath: "/tmp"))
    }

    @Test func streamIsOffByDefaultAndReachesTheGenerationOptions() throws {
        #expect(try Self.resolve(ConfigLayer()).stream == false)
        let settings = try Self.resolve(try ConfigLayer.parse(Data(#"{"stream": true}"#.utf8), file: "c.json"))
        #expect(settings.stream)
        let factory = PipelineFactory(settings: settings, environment: [:], workingDirectory: URL(fileURLWithPath: "/"))
        #expect(factory.generationOptions(strict: false).stream)
    }

    @Test func environmentTakesTheUsualSpellingsOfABoolean() throws {
        #expect(try ConfigLayer.fromEnvironment(["FCGEN_STREAM": "yes"]).stream == true)
        #expect(try ConfigLayer.fromEnvironment(["FCGEN_STREAM": "0"]).stream == false)
        #expect(try ConfigLayer.fromEnvironment(["FCGEN_STREAM": "OFF"]).stream == false)
        #expect(throws: (any Error).self) { try ConfigLayer.fromEnvironment(["FCGEN_STREAM": "maybe"]) }
    }

    @Test func aNonBooleanInTheFileNamesKeyAndExpectation() {
        do {
            _ = try ConfigLayer.parse(Data(#"{"stream": "true"}"#.utf8), file: "c.json")
            Issue.record("accepted a string")
        } catch {
            #expect("\(error)" == #"c.json: key "stream": expected true or false, got "true""#)
        }
    }

    @Test func aFlagBeatsTheFile() throws {
        var flags = ConfigLayer()
        flags.stream = false
        let file = try ConfigLayer.parse(Data(#"{"stream": true}"#.utf8), file: "c.json")
        #expect(try Self.resolve(flags.overlaying(file)).stream == false)
    }
}
