import FCGenerator
import FCPipeline
import Foundation
import Testing

struct ConfigTests {
    static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    private func parse(_ json: String, file: String = "config.json") throws -> ConfigLayer {
        try ConfigLayer.parse(Data(json.utf8), file: file)
    }

    private func message<T>(_ body: () throws -> T) -> String? {
        do {
            _ = try body()
            return nil
        } catch {
            return "\(error)"
        }
    }

    @Test func exampleConfigParsesAndDocumentsEverySetting() throws {
        let url = Self.repositoryRoot.appendingPathComponent("config.example.json")
        let layer = try ConfigLayer.load(configFile: url)
        #expect(layer.provider == "openai")
        #expect(layer.cardsPerBatch == 15)
        #expect(layer.concurrency == 4)
        let text = try String(contentsOf: url, encoding: .utf8)
        for name in ConfigLayer.settingNames {
            #expect(text.contains("\"\(name)\""), "config.example.json does not document \(name)")
            #expect(text.contains("\"//\(name)\""), "config.example.json has no comment for \(name)")
        }
    }

    @Test func unknownKeyIsRefusedWithItsName() {
        let text = message { try parse(#"{"modle": "x"}"#) }
        #expect(text?.hasPrefix("config.json: key \"modle\": unknown setting") == true)
    }

    @Test(arguments: [
        (#"{"concurrency": "four"}"#, "key \"concurrency\": expected an integer in 1...64, got \"four\""),
        (#"{"concurrency": 2.5}"#, "key \"concurrency\": expected an integer in 1...64, got 2.5"),
        (#"{"concurrency": 0}"#, "key \"concurrency\": expected an integer in 1...64, got 0"),
        (#"{"temperature": true}"#, "key \"temperature\": expected a number in 0.0...2.0, got true"),
        (#"{"provider": "openia"}"#, "key \"provider\": expected one of \"openai\", \"gemini\""),
        (#"{"model": ""}"#, "key \"model\": expected a non-empty string, got \"\""),
        (#"[1, 2]"#, "expected a JSON object at the top level"),
        (#"{"model": "x""#, "is not valid JSON"),
    ])
    func badValuesNameFileKeyAndExpectation(_ json: String, _ expected: String) {
        let text = message { try parse(json, file: "/etc/fcgen.json") }
        #expect(text?.hasPrefix("/etc/fcgen.json: ") == true)
        #expect(text?.contains(expected) == true, "got: \(text ?? "no error")")
    }

    @Test func nonUTF8ConfigIsRefused() {
        let text = message { try ConfigLayer.parse(Data([0x7B, 0xFF, 0x7D]), file: "c.json") }
        #expect(text == "c.json: is not UTF-8 text")
    }

    @Test func commentKeysAndNullsAreIgnored() throws {
        let layer = try parse(#"{"//": "note", "//model": "doc", "model": null, "retries": 2}"#)
        #expect(layer.model == nil)
        #expect(layer.retries == 2)
    }

    @Test func environmentValuesAreTypedAndNamed() throws {
        let layer = try ConfigLayer.fromEnvironment([
            "FCGEN_CONCURRENCY": "8", "FCGEN_DB": "/tmp/x.sqlite", "FCGEN_MODEL": "",
        ])
        #expect(layer.concurrency == 8)
        #expect(layer.database == "/tmp/x.sqlite")
        #expect(layer.model == nil)
        let text = message { try ConfigLayer.fromEnvironment(["FCGEN_TIMEOUT_S": "soon"]) }
        #expect(text == "environment variable FCGEN_TIMEOUT_S: expected an integer in 1...3600, got \"soon\"")
    }

    @Test func flagBeatsEnvironmentBeatsFileBeatsDefault() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("fcgen-config-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("config.json")
        try Data(#"{"model": "file-model", "concurrency": 3, "retries": 5, "cards_per_batch": 9}"#.utf8).write(to: file)
        var flags = ConfigLayer()
        flags.model = "flag-model"
        let loader = SettingsLoader(
            environment: ["FCGEN_MODEL": "env-model", "FCGEN_CONCURRENCY": "7", "HOME": directory.path],
            workingDirectory: directory
        )
        let settings = try loader.load(flags: flags, configPath: file.path).settings
        #expect(settings.model == "flag-model")
        #expect(settings.concurrency == 7)
        #expect(settings.retries == 5)
        #expect(settings.cardsPerBatch == 9)
        #expect(settings.timeoutSeconds == 120)
        #expect(settings.databasePath == directory.path + "/.local/share/fcgen/fcgen.sqlite")
    }

    @Test func missingExplicitConfigFileIsAnError() {
        let loader = SettingsLoader(environment: ["HOME": "/nonexistent"], workingDirectory: URL(fileURLWithPath: "/"))
        let text = message { try loader.load(flags: ConfigLayer(), configPath: "/nope/config.json") }
        #expect(text == "/nope/config.json: no such file")
    }

    @Test func apiKeyComesFromTheNamedVariableOnly() throws {
        var layer = ConfigLayer()
        layer.provider = "anthropic"
        layer.apiKeyEnv = "MY_KEY"
        let settings = try Settings.resolve(layer, environment: [:], workingDirectory: URL(fileURLWithPath: "/"))
        #expect(try settings.apiKey(from: ["MY_KEY": "sk-secret"]) == "sk-secret")
        let text = message { try settings.apiKey(from: ["ANTHROPIC_API_KEY": "sk-other"]) }
        #expect(text?.hasPrefix("MY_KEY is not set") == true, "got: \(text ?? "no error")")
    }

    @Test func localOpenAICompatibleServerNeedsNoKey() throws {
        var layer = ConfigLayer()
        layer.baseURL = "http://127.0.0.1:11434/v1"
        let settings = try Settings.resolve(layer, environment: [:], workingDirectory: URL(fileURLWithPath: "/"))
        #expect(try settings.apiKey(from: [:]) == nil)
        layer.baseURL = "ftp://example"
        #expect(throws: PipelineError.self) {
            try Settings.resolve(layer, environment: [:], workingDirectory: URL(fileURLWithPath: "/"))
        }
    }
}
