import Foundation
import Testing

/// Config mistakes on the built binaries: a key pasted where a variable name goes never reaches the terminal.
struct ConfigMistakeCLITests {
    static let pastedKey = "sk-proj-Zq8vT3xW9yL2mN4bR7cK1dF6gH0jP5sA"

    @Test func aKeyPastedIntoTheConfigFileIsNotPrinted() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let config = cli.directory.appendingPathComponent("config.json")
        try Data(#"{"provider": "openai", "api_key_env": "\#(Self.pastedKey)"}"#.utf8).write(to: config)
        let result = try await cli.run(["--topic", "X", "--config", config.path, "--db", cli.databasePath])
        #expect(result.status == 65)
        #expect(result.stderr.hasPrefix("fcgen: error: \(config.path): key \"api_key_env\": must name an environment"))
        #expect(result.stderr.contains("the value is not shown"))
        for output in [result.stdout, result.stderr] {
            #expect(!output.contains(Self.pastedKey) && !output.contains("sk-proj"), "leaked: \(output)")
        }
    }

    @Test func aKeyPastedIntoTheEnvironmentIsNotPrintedByEitherBinary() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let environment = ["FCGEN_API_KEY_ENV": Self.pastedKey]
        let fcgen = try await cli.run(["--topic", "X", "--db", cli.databasePath], environment: environment)
        #expect(fcgen.status == 65)
        #expect(fcgen.stderr.hasPrefix("fcgen: error: environment variable FCGEN_API_KEY_ENV: must name"))
        let worker = try await cli.run(
            executable: "fcgen-worker", ["--once", "--db", cli.databasePath], environment: environment)
        #expect(worker.status != 0)
        #expect(worker.stderr.contains("FCGEN_API_KEY_ENV"))
        for output in [fcgen.stdout, fcgen.stderr, worker.stdout, worker.stderr] {
            #expect(!output.contains(Self.pastedKey) && !output.contains("sk-proj"), "leaked: \(output)")
        }
    }

    @Test func aSettingWrittenTwiceIsRefusedWithItsLines() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let config = cli.directory.appendingPathComponent("config.json")
        try Data("{\n  \"concurrency\": 2,\n  \"concurrency\": 8\n}\n".utf8).write(to: config)
        let result = try await cli.run(["--topic", "X", "--offline", "--config", config.path, "--db", cli.databasePath])
        #expect(result.status == 65)
        #expect(
            result.stderr
                == "fcgen: error: \(config.path): key \"concurrency\": appears twice (lines 2 and 3); keep one\n")
    }
}
