import Foundation
import Testing

/// Bad input gets one clear line on stderr and a documented exit code.
struct CLIErrorTests {
    @Test func unknownFlagIsAUsageError() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let result = try await cli.run(["--topic", "X", "--batchez", "2"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("Unknown option '--batchez'"))
        #expect(result.stdout.isEmpty)
    }

    @Test func brokenConfigNamesFileAndKey() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let config = cli.directory.appendingPathComponent("broken.json")
        try Data(#"{"concurrency": "lots"}"#.utf8).write(to: config)
        let result = try await cli.run(["--topic", "X", "--offline", "--config", config.path, "--db", cli.databasePath])
        #expect(result.status == 65)
        #expect(
            result.stderr
                == "fcgen: error: \(config.path): key \"concurrency\": expected an integer in 1...64, got \"lots\"\n")
    }

    @Test func missingAPIKeyIsExplainedWithoutNetwork() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let result = try await cli.run(["--topic", "X", "--provider", "anthropic", "--db", cli.databasePath])
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix("fcgen: error: ANTHROPIC_API_KEY is not set"))
    }

    @Test func sanitizeRefusesNonUTF8WithTheOffset() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let file = cli.directory.appendingPathComponent("reply.txt")
        try Data([0x5B, 0x7B, 0x22, 0x71, 0xC3, 0x28]).write(to: file)
        let result = try await cli.run(["sanitize", file.path, "--json"])
        #expect(result.status == 65)
        #expect(result.stderr == "fcgen: error: \(file.path): is not valid UTF-8 (first bad byte at offset 4)\n")
    }

    @Test func sanitizeMissingFileIsBadInput() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let result = try await cli.run(["sanitize", "/no/such/reply.txt"])
        #expect(result.status == 65)
        #expect(result.stderr.contains("/no/such/reply.txt: cannot be opened: No such file or directory"))
    }

    @Test func unknownTopicInListingIsBadInput() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        #expect(try await cli.run(["topic", "add", "Other", "--db", cli.databasePath]).status == 0)
        let result = try await cli.run(["cards", "--topic", "Nope", "--db", cli.databasePath])
        #expect(result.status == 65)
        #expect(result.stderr.contains("no topic named \"Nope\""))
    }
}
