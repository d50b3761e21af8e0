import Foundation
import Testing

/// `fcgen topic …` and `fcgen jobs …` on the built binary.
@Suite(.serialized)
struct TopicAndJobsCommandTests {
    private func object(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test func addSetAndShowATopicsRefillPolicy() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let db = ["--db", cli.databasePath]

        let added = try await cli.run(
            ["topic", "add", "Roman history", "--refill-below", "20", "--batch-size", "15"] + db)
        #expect(added.status == 0, "stderr: \(added.stderr)")
        #expect(added.stdout.contains("refill: below 20 unstudied cards, batches of 15, max batches unlimited"))
        let set = try await cli.run(["topic", "set", "roman history", "--max-batches", "50"] + db)
        #expect(set.status == 0, "stderr: \(set.stderr)")

        let shown = try object(try await cli.run(["topic", "show", "Roman history", "--json"] + db).stdout)
        let topic = try #require(shown["topic"] as? [String: Any])
        let policy = try #require(topic["policy"] as? [String: Any])
        #expect(policy["refillBelow"] as? Int == 20)
        #expect(policy["batchSize"] as? Int == 15)
        #expect(policy["maxBatches"] as? Int == 50)
        #expect(topic["isRefillDue"] as? Bool == true)

        let usage = try await cli.run(["topic", "set", "Roman history"] + db)
        #expect(usage.status == 64)
        let missing = try await cli.run(["topic", "show", "Nope"] + db)
        #expect(missing.status == 65)
    }

    @Test func topicShowNamesTheKindsTheTopicRemembers() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let db = ["--db", cli.databasePath]
        let generated = try await cli.run(
            ["generate", "--topic", "Solar system", "--offline", "--kinds", "mcq,question,cloze"] + db)
        #expect(generated.status == 0, "stderr: \(generated.stderr)")
        let again = try await cli.run(["generate", "--topic", "Solar system", "--offline"] + db)
        #expect(again.status == 0, "stderr: \(again.stderr)")

        let shown = try await cli.run(["topic", "show", "Solar system"] + db)
        #expect(shown.stdout.contains("kinds: question,cloze,mcq\n"), "stdout: \(shown.stdout)")
        let json = try object(try await cli.run(["topic", "show", "Solar system", "--json"] + db).stdout)
        #expect(json["kinds"] as? String == "question,cloze,mcq")

        _ = try await cli.run(["topic", "add", "Roman history"] + db)
        let plain = try await cli.run(["topic", "show", "Roman history"] + db)
        #expect(plain.stdout.contains("kinds: not set (the card_kinds setting)"))
        #expect(
            try object(try await cli.run(["topic", "show", "Roman history", "--json"] + db).stdout)["kinds"] == nil)
    }

    @Test func listRetryAndCancelJobs() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let db = ["--db", cli.databasePath]
        _ = try await cli.run(["topic", "add", "Roman history", "--refill-below", "5", "--batch-size", "5"] + db)
        let once = try await cli.run(executable: "fcgen-worker", ["--once", "--offline"] + db)
        #expect(once.status == 0, "stderr: \(once.stderr)")
        #expect(once.stderr.contains("round: 1 enqueued, 1 claimed, 1 done"))

        let listed = try object(try await cli.run(["jobs", "--status", "done", "--json"] + db).stdout)
        let jobs = try #require(listed["jobs"] as? [[String: Any]])
        #expect(jobs.count == 1)
        #expect(jobs.first?["batchNumber"] as? Int == 1)

        let retryDone = try await cli.run(["jobs", "retry", "1"] + db)
        #expect(retryDone.status == 65, "a conflict with the job's state")
        #expect(retryDone.stderr.contains("cannot retry job 1: it is done"))
        #expect(try await cli.run(["jobs", "cancel", "7"] + db).stderr.contains("no job with id 7"))
        #expect(try await cli.run(["jobs", "--status", "bogus"] + db).status == 64)
    }

    @Test func topUpStocksATopicInOneRound() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let db = ["--db", cli.databasePath]
        let policy = ["--refill-below", "100", "--batch-size", "15", "--max-batches", "3"]
        _ = try await cli.run(["topic", "add", "Roman history"] + policy + db)

        let once = try await cli.run(executable: "fcgen-worker", ["--once", "--offline", "--top-up"] + db)
        #expect(once.status == 0, "stderr: \(once.stderr)")
        #expect(once.stderr.contains("round: 3 enqueued, 3 claimed, 3 done"), "stderr: \(once.stderr)")
        let batches = try object(try await cli.run(["batches", "--topic", "Roman history", "--json"] + db).stdout)
        let numbers = (batches["batches"] as? [[String: Any]])?.compactMap {
            ($0["plan"] as? [String: Any])?["number"] as? Int
        }
        #expect(numbers == [1, 2, 3])

        let again = try await cli.run(executable: "fcgen-worker", ["--once", "--offline", "--top-up"] + db)
        #expect(again.status == 0)
        #expect(again.stderr.contains("round: 0 enqueued, 0 claimed"), "max batches reached: nothing more to do")
    }

    @Test func anOfflineRefillStopsWhereTheRecordingsEnd() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let db = ["--db", cli.databasePath]
        // Solar system has one recorded batch: batch 2 offline would be fallback cards, which never count as stock.
        let policy = ["--refill-below", "100", "--batch-size", "5", "--max-batches", "3"]
        _ = try await cli.run(["topic", "add", "Solar system"] + policy + db)
        let once = try await cli.run(executable: "fcgen-worker", ["--once", "--offline", "--top-up"] + db)
        #expect(once.stderr.contains("no recorded reply for batch 2 of \"Solar system\""), "stderr: \(once.stderr)")
        let batches = try object(try await cli.run(["batches", "--topic", "Solar system", "--json"] + db).stdout)
        let numbers = (batches["batches"] as? [[String: Any]])?.compactMap {
            ($0["plan"] as? [String: Any])?["number"] as? Int
        }
        #expect(numbers == [1], "only the recorded batch is stored")
        let jobs = try object(try await cli.run(["jobs", "--json"] + db).stdout)
        let statuses = (jobs["jobs"] as? [[String: Any]])?.compactMap { $0["status"] as? String } ?? []
        #expect(statuses.contains("dead") && !statuses.contains("queued"), "\(statuses)")
    }
}
