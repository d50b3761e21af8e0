import FCTestSupport
import Foundation
import Testing

/// `fcgen` exits with every code of docs/guide.md's table, each produced by the built binary.
@Suite(.serialized, .timeLimit(.minutes(10)))
struct ExitCodeTests {
    private static let secret = "sk-test-DO-NOT-LEAK-exit-codes"

    private func generate(_ cli: CLIRunner, _ server: LoopbackServer) -> [String] {
        [
            "--topic", "Photosynthesis", "--base-url", server.baseURL.absoluteString + "/v1", "--model", "m",
            "--db", cli.databasePath,
        ]
    }

    @Test func zeroWhenTheRunSucceeds() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let result = try await cli.run([
            "--topic", "Roman history", "--batches", "1", "--offline", "--db", cli.databasePath,
        ])
        #expect(result.status == 0, "stderr: \(result.stderr)")
    }

    @Test func oneWhenTheProviderRefusesAndTheJSONLogNamesItWithoutTheKey() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let server = try await LoopbackServer.start()
        defer { server.stop() }
        try await server.script(
            [], default: .init(status: 401, json: #"{"error": {"message": "bad key \#(Self.secret)"}}"#))
        let result = try await cli.launch(
            executable: "fcgen", generate(cli, server) + ["--log-format", "json"],
            environment: ["OPENAI_API_KEY": Self.secret]
        ).finish()
        #expect(result.status == 1, "stderr: \(result.stderr)")
        #expect(!result.stderr.contains(Self.secret))
        let lines = try result.stderr.split(separator: "\n").map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "\(line)")
        }
        let error = try #require(lines.last)
        #expect(error["level"] as? String == "error")
        #expect(error["label"] as? String == "fcgen")
        #expect((error["message"] as? String)?.contains("HTTP 401") == true)
        #expect((error["metadata"] as? [String: Any])?["exit_status"] as? Int == 1)
    }

    @Test func sixtyFourForBadUsage() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        #expect(try await cli.run(["--topic", "X", "--batches", "0"]).status == 64)
        #expect(try await cli.run(["--topic", "X", "--provider", "anthropic", "--db", cli.databasePath]).status == 64)
    }

    @Test func sixtyFiveForBadInputData() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let config = cli.directory.appendingPathComponent("config.json")
        try Data(#"{"model": 3}"#.utf8).write(to: config)
        let result = try await cli.run(["--topic", "X", "--offline", "--config", config.path, "--db", cli.databasePath])
        #expect(result.status == 65, "stderr: \(result.stderr)")
        #expect(result.stderr.hasPrefix("fcgen: error: \(config.path): key \"model\""))
    }

    @Test func sixtyNineWhenTheProviderStaysUnavailable() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let server = try await LoopbackServer.start()
        defer { server.stop() }
        try await server.script([], default: .init(status: 503, json: #"{"error": {"message": "overloaded"}}"#))
        let result = try await cli.launch(
            executable: "fcgen", generate(cli, server), environment: ["FCGEN_RETRIES": "0"]
        ).finish()
        #expect(result.status == 69, "stderr: \(result.stderr)")
    }

    @Test func seventyFiveWhenTheDatabaseStaysLocked() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        #expect(
            try await cli.run(["topic", "add", "Setup", "--db", cli.databasePath]).status == 0, "creates the database")
        let lock = try WriteLock(path: cli.databasePath)
        let started = Date()
        let result = try await cli.launch(
            executable: "fcgen",
            ["topic", "add", "Algebra", "--refill-below", "5", "--batch-size", "3", "--db", cli.databasePath]
        ).finish()
        lock.release()
        #expect(result.status == 75, "stderr: \(result.stderr)")
        #expect(result.stderr.contains("database is locked"))
        #expect(Date().timeIntervalSince(started) >= 4, "it waited for the 5 s busy timeout first")
    }
}
