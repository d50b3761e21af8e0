import Foundation
import Testing

/// Templated fallback cards are stored for inspection and never studied unless the learner asks.
@Suite(.serialized)
struct FallbackStudyTests {
    private func object(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test func fallbackCardsStayOutOfEveryQueueUnlessAskedFor() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let db = ["--db", cli.databasePath]
        let topic = "Underwater basket weaving"  // no offline fixtures: every batch falls back
        // Refused before anything is stored, naming the topics the demo knows and what works offline instead.
        let refused = try await cli.run(["--topic", topic, "--batches", "1", "--offline"] + db)
        #expect(refused.status == 64, "stderr: \(refused.stderr)")
        #expect(refused.stderr.contains(#""Roman history""#) && refused.stderr.contains("--from FILE"))
        #expect(refused.stderr.contains("--store-fallback") && refused.stderr.split(separator: "\n").count == 1)
        #expect(!FileManager.default.fileExists(atPath: cli.databasePath))
        let generated = try await cli.run(["--topic", topic, "--batches", "1", "--offline", "--store-fallback"] + db)
        #expect(generated.status == 0, "stderr: \(generated.stderr)")
        #expect(generated.stdout.contains("stored for inspection; not studied"), "\(generated.stdout)")
        let listed = try await cli.run(["cards", "--topic", topic, "--json"] + db)
        let cards = try #require(try object(listed.stdout)["cards"] as? [Any])
        #expect(!cards.isEmpty)  // stored, for inspection

        let due = try object(try await cli.run(["due", "--topic", topic, "--json"] + db).stdout)
        let summary = try #require((due["topics"] as? [[String: Any]])?.first)
        #expect(summary["new"] as? Int == 0 && summary["cards"] as? Int == 0)
        let started = try object(try await cli.run(["session", "start", "--topic", topic, "--json"] + db).stdout)
        #expect((started["session"] as? [String: Any])?["size"] as? Int == 0)
        #expect(started["card"] == nil || started["card"] is NSNull)
        let quiz = try object(try await cli.run(["quiz", "--topic", topic, "--json"] + db).stdout)
        #expect((quiz["session"] as? [String: Any])?["size"] as? Int == 0)
        // Learn says why there is nothing, and offers the fallback cards: declined, nothing is studied …
        let learn = try await cli.run(["learn", "--topic", topic] + db, stdin: Data("n\n".utf8))
        #expect(
            learn.stdout.contains("Nothing to study here but \(cards.count) templated fallback cards"),
            "\(learn.stdout)")
        #expect(try await LearnerLedger.read(cli.databasePath).reviews == 0)
        // … accepted, the session studies them.
        let accepted = try await cli.run(["learn", "--topic", topic] + db, stdin: Data("y\n\n3\nq\nn\n".utf8))
        #expect(accepted.status == 0, "stderr: \(accepted.stderr)")
        #expect(try await LearnerLedger.read(cli.databasePath).reviews == 1)

        let include = ["--include-fallback"]
        let dueAll = try object(try await cli.run(["due", "--topic", topic, "--json"] + include + db).stdout)
        // One of them was studied above.
        #expect(((dueAll["topics"] as? [[String: Any]])?.first?["new"] as? Int ?? 0) == cards.count - 1)
        let startedAll = try object(
            try await cli.run(["session", "start", "--topic", topic, "--cards", "10", "--json"] + include + db).stdout)
        #expect((startedAll["session"] as? [String: Any])?["size"] as? Int == min(10, cards.count))
        let quizAll = try object(
            try await cli.run(["quiz", "--topic", topic, "--json"] + include + db, stdin: Data()).stdout)
        #expect((quizAll["session"] as? [String: Any])?["size"] as? Int == cards.count)
        let learnAll = try await cli.run(["learn", "--topic", topic] + include + db, stdin: Data("\n3\nq\nn\n".utf8))
        #expect(learnAll.status == 0, "stderr: \(learnAll.stderr)")
        #expect(try await LearnerLedger.read(cli.databasePath).reviews == 2)
    }

    @Test func fixtureTopicsStillStudyAsBefore() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let db = ["--db", cli.databasePath]
        let generated = try await cli.run(["--topic", "Algebra", "--batches", "1", "--offline"] + db)
        #expect(!generated.stdout.contains("stored for inspection"))
        let started = try object(try await cli.run(["session", "start", "--topic", "Algebra", "--json"] + db).stdout)
        #expect((started["session"] as? [String: Any])?["size"] as? Int == 10)
    }
}
