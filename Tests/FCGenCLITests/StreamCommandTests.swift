import FCTestSupport
import Foundation
import Testing

/// `fcgen generate --stream` as a user runs it: the built binary, JSON log lines on stderr.
struct StreamCommandTests {
    /// The `metadata` of every stderr JSON line whose event is `event`.
    static func events(_ event: String, in stderr: String) -> [[String: Any]] {
        stderr.split(separator: "\n").compactMap { line in
            guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                let metadata = object["metadata"] as? [String: Any], metadata["event"] as? String == event
            else { return nil }
            return metadata
        }
    }

    /// How many cards each batch of `topic` kept, from `fcgen batches --json`.
    static func kept(_ cli: CLIRunner, topic: String) async throws -> [Int] {
        let result = try await cli.run(["batches", "--topic", topic, "--json", "--db", cli.databasePath])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        return try #require(object["batches"] as? [[String: Any]]).compactMap { $0["cardsKept"] as? Int }
    }

    @Test func offlineStreamingLogsEveryStoredCardOnce() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let result = try await cli.run([
            "generate", "--topic", "Roman history", "--batches", "2", "--offline", "--stream", "--log-format", "json",
            "--db", cli.databasePath,
        ])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let streamed = Self.events("card_streamed", in: result.stderr)
        let kept = try await Self.kept(cli, topic: "Roman history")
        #expect(kept.count == 2)
        for (offset, count) in kept.enumerated() {
            let indices = streamed.filter { "\($0["batch"] ?? "")" == "\(offset + 1)" }.map { "\($0["index"] ?? "")" }
            #expect(indices == (0..<count).map(String.init))
        }
        #expect(Self.events("batch_restarted", in: result.stderr).isEmpty)
    }

    @Test func noStreamOverridesTheEnvironment() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let result = try await cli.run(
            [
                "generate", "--topic", "Algebra", "--offline", "--no-stream", "--log-format", "json", "--db",
                cli.databasePath,
            ],
            environment: ["FCGEN_STREAM": "true"])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(Self.events("card_streamed", in: result.stderr).isEmpty)
        #expect(Self.events("batch_stored", in: result.stderr).count == 1)
    }

    @Test func streamsFromALocalOpenAICompatibleServer() async throws {
        let server = try await LoopbackServer.start()
        defer { server.stop() }
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let result = try await cli.run(
            [
                "generate", "--topic", "Photosynthesis", "--base-url",
                server.url("/openai-stream/0.5/v1").absoluteString, "--log-format", "json", "--db", cli.databasePath,
            ],
            environment: ["FCGEN_STREAM": "1"])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(Self.events("card_streamed", in: result.stderr).count == 15)
        #expect(try await Self.kept(cli, topic: "Photosynthesis") == [15])
        // Log lines carry no card text.
        #expect(!result.stderr.contains("reorganised"))
    }
}
