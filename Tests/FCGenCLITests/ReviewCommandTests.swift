import Foundation
import Testing

/// `fcgen generate --review`, run as a user would: the built binary, offline, with recorded batch and review replies.
struct ReviewCommandTests {
    /// An OpenAI chat-completion body whose message is `content`.
    static func body(_ content: Any, promptTokens: Int, completionTokens: Int) throws -> Data {
        let text = String(
            decoding: try JSONSerialization.data(withJSONObject: content, options: [.sortedKeys]), as: UTF8.self)
        return try JSONSerialization.data(withJSONObject: [
            "model": "fixture",
            "choices": [["message": ["role": "assistant", "content": text], "finish_reason": "stop"]],
            "usage": ["prompt_tokens": promptTokens, "completion_tokens": completionTokens],
        ])
    }

    /// A fixtures folder for topic "Review demo": batch 1 with four flagged cards and one clean one, and the review
    /// reply for it (two rewrites, one drop, a rewrite that duplicates the clean card).
    static func fixtures(in directory: URL) throws -> String {
        let folder = directory.appendingPathComponent("fixtures/review-demo", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let cards = [
            ["Tell me about the Roman Senate.", "An advisory council of elders."],
            ["According to the text, who founded Rome?", "Romulus"],
            ["Who was the first Roman emperor?", "Augustus"],
            ["Describe the Punic Wars.", "Three wars between Rome and Carthage."],
            ["What is important about the Colosseum?", "It hosted gladiator games."],
        ].map { ["question": $0[0], "answer": $0[1], "explanation": "Because.", "type": "question"] }
        try body(["cards": cards], promptTokens: 300, completionTokens: 400)
            .write(to: folder.appendingPathComponent("batch-001.json"))
        let reviews: [[String: Any]] = [
            [
                "index": 1, "action": "rewrite", "question": "What was the Roman Senate's main role?",
                "answer": "Advising the magistrates", "reason": "vague",
            ],
            [
                "index": 2, "action": "rewrite", "question": "Who founded Rome, according to legend?",
                "answer": "Romulus", "reason": "needs the text",
            ],
            ["index": 4, "action": "drop", "question": "", "answer": "", "reason": "no single answer"],
            [
                "index": 5, "action": "rewrite", "question": "Who was the first Roman emperor?", "answer": "Augustus",
                "reason": "duplicate",
            ],
        ]
        try body(["reviews": reviews], promptTokens: 120, completionTokens: 60)
            .write(to: folder.appendingPathComponent("review-001.json"))
        return directory.appendingPathComponent("fixtures").path
    }

    @Test func reviewPrintsPerBatchAndRunLinesAndStoresTheReviewedCards() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let fixtures = try Self.fixtures(in: cli.directory)
        let result = try await cli.run([
            "--topic", "Review demo", "--offline", "--fixtures", fixtures, "--review", "--db", cli.databasePath,
        ])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(result.stderr.contains("[Review demo] batch 1: review: 5 cards → 4 (2 rewritten, 1 dropped, 2 kept)"))
        #expect(result.stdout.contains("\nreview: 5 cards → 4 (2 rewritten, 1 dropped, 2 kept)\n"))
        #expect(!result.stdout.contains("[Review demo]"), "progress stays on stderr")

        let cards = try await cli.run(["cards", "--topic", "Review demo", "--json", "--db", cli.databasePath])
        let rows = try #require(
            (try JSONSerialization.jsonObject(with: Data(cards.stdout.utf8)) as? [String: Any])?["cards"]
                as? [[String: Any]])
        #expect(
            rows.compactMap { $0["question"] as? String } == [
                "What was the Roman Senate's main role?", "Who founded Rome, according to legend?",
                "Who was the first Roman emperor?", "What is important about the Colosseum?",
            ])
    }

    @Test func theJSONReportCarriesEachBatchsReviewAndTheRunsTotals() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let fixtures = try Self.fixtures(in: cli.directory)
        let check = SchemaCheck(cli)
        let result = try await check.run(
            [
                "generate", "--topic", "Review demo", "--offline", "--fixtures", fixtures, "--review", "--db",
                cli.databasePath,
            ], schema: "generate")
        try await check.validate()
        let report = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let totals = try #require(report["review"] as? [String: Any])
        #expect(totals["applied"] as? Int == 1)
        #expect(totals["before"] as? Int == 5 && totals["after"] as? Int == 4)
        #expect(totals["rewritten"] as? Int == 2 && totals["dropped"] as? Int == 1 && totals["kept"] as? Int == 2)
        #expect(totals["rewritesRefused"] as? Int == 1)
        let batch = try #require((report["batches"] as? [[String: Any]])?.first)
        let review = try #require(batch["review"] as? [String: Any])
        #expect(review["status"] as? String == "applied")
        #expect(review["reviewed"] as? Int == 4)
        #expect(batch["kept"] as? Int == 4)
        // The review's recorded tokens count with the batch's.
        #expect(batch["inputTokens"] as? Int == 420)
        #expect(batch["outputTokens"] as? Int == 460)
    }

    @Test func theOfflineDemoRunsWithReviewAndNoReviewLeavesItOut() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let reviewed = try await cli.run([
            "--topic", "Roman history", "--batches", "2", "--offline", "--review", "--json", "--db", cli.databasePath,
        ])
        #expect(reviewed.status == 0, "stderr: \(reviewed.stderr)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(reviewed.stdout.utf8)) as? [String: Any])
        let totals = try #require(report["review"] as? [String: Any], "a --review run reports its review")
        #expect(totals["failed"] as? Int == 0 && totals["skipped"] as? Int == 0)

        let plain = try await cli.run([
            "--topic", "Roman history", "--offline", "--no-review", "--json", "--db", cli.databasePath,
        ])
        #expect(plain.status == 0, "stderr: \(plain.stderr)")
        let second = try #require(try JSONSerialization.jsonObject(with: Data(plain.stdout.utf8)) as? [String: Any])
        #expect(second["review"] == nil)
        #expect((second["batches"] as? [[String: Any]])?.first?["review"] == nil)
    }

    @Test func theRecordedFrenchReviewRewritesAYesNoCardOffline() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let result = try await cli.run([
            "--topic", "French basics", "--batches", "4", "--offline", "--review", "--db", cli.databasePath,
        ])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(
            result.stderr.contains("[French basics] batch 4: review: 14 cards → 14 (1 rewritten, 0 dropped, 13 kept)"))
        #expect(result.stdout.contains("\nreview: 53 cards → 53 (1 rewritten, 0 dropped, 52 kept)\n"))
        let cards = try await cli.run(["cards", "--topic", "French basics", "--json", "--db", cli.databasePath])
        let rows = try #require(
            (try JSONSerialization.jsonObject(with: Data(cards.stdout.utf8)) as? [String: Any])?["cards"]
                as? [[String: Any]])
        let questions = rows.compactMap { $0["question"] as? String }
        #expect(questions.contains("Whom can the feminine noun 'une personne' refer to?"))
        #expect(!questions.contains("Does the feminine noun 'une personne' refer only to women?"))
    }
}
