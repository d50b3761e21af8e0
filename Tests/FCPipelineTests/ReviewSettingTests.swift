import FCPipeline
import Foundation
import Testing

/// The `review` setting (`--review`, `FCGEN_REVIEW`): off by default; a flag beats the file.
struct ReviewSettingTests {
    static func resolve(_ layer: ConfigLayer) throws -> Settings {
        try Settings.resolve(layer, environment: [:], workingDirectory: URL(fileURLWithPath: "/tmp"))
    }

    @Test func reviewIsOffByDefaultAndReadFromTheFileAndTheEnvironment() throws {
        #expect(try Self.resolve(ConfigLayer()).review == false)
        #expect(try Self.resolve(try ConfigLayer.parse(Data(#"{"review": true}"#.utf8), file: "c.json")).review)
        #expect(try ConfigLayer.fromEnvironment(["FCGEN_REVIEW": "on"]).review == true)
        #expect(try ConfigLayer.fromEnvironment(["FCGEN_REVIEW": "0"]).review == false)
        #expect(throws: (any Error).self) { try ConfigLayer.fromEnvironment(["FCGEN_REVIEW": "later"]) }
    }

    @Test func aFlagBeatsTheFile() throws {
        var flags = ConfigLayer()
        flags.review = false
        let file = try ConfigLayer.parse(Data(#"{"review": true}"#.utf8), file: "c.json")
        #expect(try Self.resolve(flags.overlaying(file)).review == false)
    }
}
