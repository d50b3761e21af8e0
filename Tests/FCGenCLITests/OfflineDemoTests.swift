import FCCore
import FCStore
import Foundation
import Testing

/// The README's first command, run as a user would: the built binary, offline, on a temp database.
@Suite(.serialized)
struct OfflineDemoTests {
    private func decode(_ text: String) throws -> [String: Any] {
        let object = try JSONSerialization.jsonObject(with: Data(text.utf8))
        return try #require(object as? [String: Any])
    }

    @Test func offlineDemoStoresThreeBatchesAndPrintsTheSummary() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let result = try await cli.run([
            "--topic", "Roman history", "--batches", "3", "--offline", "--db", cli.databasePath,
        ])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("Roman history: 3 batches, ") == true)
        #expect(lines.contains { $0.hasPrefix("batch  aspect") })
        #expect(lines.last == "database: \(cli.databasePath)")
        for number in 1...3 {
            #expect(lines.contains { $0.hasPrefix("    \(number)  ") }, "no summary row for batch \(number)")
        }
        // Progress goes to stderr, never stdout.
        #expect(result.stderr.contains("[Roman history] batch 1"))
        #expect(!result.stdout.contains("requesting"))

        let batches = try await decode(
            cli.run(["batches", "--topic", "roman HISTORY", "--json", "--db", cli.databasePath]).stdout)
        let rows = try #require(batches["batches"] as? [[String: Any]])
        #expect(rows.count == 3)
        let numbers = rows.compactMap { ($0["plan"] as? [String: Any])?["number"] as? Int }
        #expect(numbers == [1, 2, 3])
        let steps = rows.compactMap { $0["plan"] as? [String: Any] }
        #expect(steps.compactMap { $0["step"] as? Int } == [1, 2, 3], "each batch takes the next outline step")
        let pairs = Set(steps.compactMap { step in (step["aspect"] as? String).map { "\($0) \(step["depth"] ?? "")" } })
        #expect(pairs.count == 3, "no (subtopic, level) step repeats")
        let kept = rows.compactMap { $0["cardsKept"] as? Int }.reduce(0, +)

        let cards = try await decode(
            cli.run(["cards", "--topic", "Roman history", "--json", "--db", cli.databasePath]).stdout)
        let cardRows = try #require(cards["cards"] as? [[String: Any]])
        #expect(cardRows.count == kept)
        #expect(kept >= 30)
        #expect(Set(cardRows.compactMap { $0["origin"] as? String }) == ["fixture"])

        let store = try await Store.open(path: cli.databasePath, now: .system)
        #expect(try await store.integrityCheck() == "ok")
    }

    @Test func secondRunContinuesThePlanAfterExistingBatches() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let first = try await cli.run([
            "--topic", "Algebra", "--batches", "2", "--offline", "--db", cli.databasePath, "--json",
        ])
        #expect(first.status == 0, "stderr: \(first.stderr)")
        let second = try await cli.run([
            "--topic", "Algebra", "--batches", "2", "--offline", "--db", cli.databasePath, "--json",
        ])
        #expect(second.status == 0, "stderr: \(second.stderr)")
        let report = try decode(second.stdout)
        let numbers = (report["batches"] as? [[String: Any]])?.compactMap { $0["number"] as? Int }
        #expect(numbers == [3, 4])
        #expect(report["schemaVersion"] as? Int == 3)
    }

    @Test func topicWithoutFixturesFallsBackVisiblyAndStrictRefuses() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let loose = try await cli.run([
            "--topic", "Volcanoes", "--offline", "--store-fallback", "--db", cli.databasePath,
        ])
        #expect(loose.status == 0, "stderr: \(loose.stderr)")
        #expect(loose.stdout.contains("fallback"))
        #expect(loose.stdout.contains("fell back to templated study cards"))

        // A topic with a recorded batch 1 and none after it: batch 2 falls back, and --strict refuses it.
        let strict = try await cli.run([
            "--topic", "Solar system", "--batches", "2", "--offline", "--strict", "--db", cli.databasePath,
        ])
        #expect(strict.status == 65)
        #expect(strict.stderr.contains("topic \"Solar system\", batch 2"), "\(strict.stderr)")
        let topics = try await decode(cli.run(["topics", "--json", "--db", cli.databasePath]).stdout)
        let solar = (topics["topics"] as? [[String: Any]])?.first { $0["name"] as? String == "Solar system" }
        #expect(solar?["cardCount"] as? Int ?? 0 > 0, "batch 1 is stored")
        let batches = try await decode(
            cli.run(["batches", "--topic", "Solar system", "--json", "--db", cli.databasePath]).stdout)
        #expect((batches["batches"] as? [Any])?.count == 1, "nothing stored for the refused batch")
    }
}
