import FCCore
import FCStore
import Foundation
import Testing

/// `fcgen session …`, `learn`, `quiz`, `due`, `review` and `stats` on the built binary.
@Suite(.serialized)
struct StudyCommandTests {
    private func object(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    /// A database with the offline demo's first batch of "Roman history".
    private func demo() async throws -> (CLIRunner, [String]) {
        let cli = try CLIRunner()
        let db = ["--db", cli.databasePath]
        let generated = try await cli.run(["--topic", "Roman history", "--batches", "1", "--offline"] + db)
        #expect(generated.status == 0, "stderr: \(generated.stderr)")
        return (cli, db)
    }

    @Test func aSessionDrivenStepByStepRecordsReviewsAndSummarises() async throws {
        let (cli, db) = try await demo()
        defer { cli.cleanUp() }

        let started = try await cli.run(
            ["session", "start", "--topic", "roman history", "--cards", "10", "--json"] + db)
        #expect(started.status == 0, "stderr: \(started.stderr)")
        let session = try #require(try object(started.stdout)["session"] as? [String: Any])
        let id = try #require(session["id"] as? Int)
        #expect(session["size"] as? Int == 10)
        #expect(session["mode"] as? String == "spaced")

        let ratings = ["good", "fail", "easy"]
        for rating in ratings {
            let next = try object(try await cli.run(["session", "next", "\(id)", "--json"] + db).stdout)
            let card = try #require(next["card"] as? [String: Any])
            let cardID = try #require(card["id"] as? Int)
            let answered = try await cli.run(
                ["session", "answer", "\(id)", "\(cardID)", "--rating", rating, "--json"] + db)
            #expect(answered.status == 0, "stderr: \(answered.stderr)")
        }
        let wrong = try await cli.run(["session", "answer", "\(id)", "1", "--rating", "good"] + db)
        #expect(wrong.status == 65)

        let ended = try object(try await cli.run(["session", "end", "\(id)", "--json"] + db).stdout)
        let summary = try #require(ended["session"] as? [String: Any])
        #expect(summary["cards"] as? Int == 3)
        #expect(summary["correct"] as? Int == 2)
        #expect(summary["failed"] as? Int == 1)
        #expect(summary["averageRating"] as? Double == 2.6667, "on the 1 (again) to 4 (easy) scale")
        #expect(summary["endedAt"] != nil)

        let stats = try object(try await cli.run(["stats", "--json"] + db).stdout)
        let statistics = try #require(stats["statistics"] as? [String: Any])
        #expect(statistics["totalReviews"] as? Int == 3)
        #expect((statistics["streaks"] as? [String: Any])?["current"] as? Int == 1)
        let due = try object(try await cli.run(["due", "--json"] + db).stdout)
        let topics = try #require(due["topics"] as? [[String: Any]])
        #expect(topics.first?["new"] as? Int == 11)
    }

    @Test func learnReadsOneLinePerKeyFromAPipe() async throws {
        let (cli, db) = try await demo()
        defer { cli.cleanUp() }
        // Choose topic 1; card 1: answer, explanation, rate good; card 2: answer, rate easy (4); then quit, no again.
        let keys = "1\n\n\n3\n\n4\nq\nn\n"
        let learned = try await cli.run(["learn", "--seed", "1"] + db, stdin: Data(keys.utf8))

        #expect(learned.status == 0, "stderr: \(learned.stderr)")
        #expect(learned.stdout.contains("1. Roman history — 0 due, 14 new"))
        #expect(learned.stdout.contains("[1/10]"))
        #expect(learned.stdout.contains("Session summary: 2 cards, 2 correct, 0 failed, average rating 3.50"))
        let stats = try object(try await cli.run(["stats", "--json"] + db).stdout)
        #expect((stats["statistics"] as? [String: Any])?["totalReviews"] as? Int == 2)
    }

    @Test func learnAsksACardAgainUntilPassedAndCountsCardsPassed() async throws {
        let (cli, db) = try await demo()
        defer { cli.cleanUp() }
        // Topic 1; card 1: answer, rate again (1); the next three: answer, rate easy (4); card 1 again: answer, good;
        // then quit, no again. Where a card has an explanation, a rating key rates it at once all the same.
        let keys = "1\n" + "\n1\n" + String(repeating: "\n4\n", count: 3) + "\n3\n" + "q\nn\n"
        let learned = try await cli.run(["learn", "--seed", "1"] + db, stdin: Data(keys.utf8))

        #expect(learned.status == 0, "stderr: \(learned.stderr)")
        let progress = learned.stdout.matches(of: /\[(\d+)\/10( again)?\]/).map { String($0.output.0) }
        // A failed card is still to pass: the progress stays at card 1 until an easy passes one, and card 1 comes
        // back after three others, marked again; passed at last, the next card is the fifth of ten.
        #expect(progress == ["[1/10]", "[1/10]", "[2/10]", "[3/10]", "[4/10 again]", "[5/10]"], "\(learned.stdout)")
        #expect(learned.stdout.contains("Session summary: 5 cards, 4 correct, 1 failed"))
        let stats = try object(try await cli.run(["stats", "--json"] + db).stdout)
        #expect((stats["statistics"] as? [String: Any])?["totalReviews"] as? Int == 5)
    }

    @Test func freeLearningWritesNothing() async throws {
        let (cli, db) = try await demo()
        defer { cli.cleanUp() }
        _ = try await cli.run(["stats"] + db)  // creates the default learner, so the free run has nothing to add
        let before = try Data(contentsOf: URL(fileURLWithPath: cli.databasePath))
        let learned = try await cli.run(
            ["learn", "--free", "--topic", "Roman history"] + db, stdin: Data("\n\n1\nq\nn\n".utf8))
        #expect(learned.status == 0, "stderr: \(learned.stderr)")
        #expect(learned.stdout.contains("Session summary: 1 card, 0 correct, 1 failed"))
        let stats = try object(try await cli.run(["stats", "--json"] + db).stdout)
        let statistics = try #require(stats["statistics"] as? [String: Any])
        #expect(statistics["totalReviews"] as? Int == 0)
        #expect((statistics["recentSessions"] as? [Any])?.isEmpty == true)
        // Nothing was written: the database file is byte-identical (each run checkpoints its WAL when it closes).
        let after = try Data(contentsOf: URL(fileURLWithPath: cli.databasePath))
        #expect(after == before)
    }

    @Test func aQuizCountsWrongAndEmptyAnswers() async throws {
        let (cli, db) = try await demo()
        defer { cli.cleanUp() }
        let quiz = try await cli.run(
            ["quiz", "--topic", "Roman history", "--cards", "3", "--json"] + db, stdin: Data("nope\n\n".utf8))
        #expect(quiz.status == 0, "stderr: \(quiz.stderr)")
        let output = try object(quiz.stdout)
        #expect(output["wrong"] as? Int == 1)
        #expect(output["empty"] as? Int == 2)
        let misses = try #require(output["misses"] as? [[String: Any]])
        #expect(misses.first?["given"] as? String == "nope")
        #expect(misses.count == 3)
    }

    @Test func reviewRecordsOneCardAndRejectsBadInput() async throws {
        let (cli, db) = try await demo()
        defer { cli.cleanUp() }
        // Cards created in 2023, so a review may be dated 2024 (never before its card, never in the future).
        _ = try await Store.open(path: cli.databasePath, now: .system).scalarInteger(
            "UPDATE cards SET created_at = 1700000000000")
        let reviewed = try await cli.run(
            ["review", "1", "--rating", "good", "--at", "2024-03-10T12:00:00Z", "--json"] + db)
        #expect(reviewed.status == 0, "stderr: \(reviewed.stderr)")
        let review = try #require(try object(reviewed.stdout)["review"] as? [String: Any])
        let state = try #require(review["state"] as? [String: Any])
        #expect(state["due"] as? String == "2024-03-10T12:10:00.000Z")
        #expect(review["algorithm"] as? String == "badger")

        #expect(try await cli.run(["review", "1", "--rating", "meh"] + db).status == 64)
        #expect(try await cli.run(["review", "999", "--rating", "good"] + db).status == 65)
        #expect(
            try await cli.run(["review", "1", "--rating", "good", "--at", "2024-03-10T11:00:00Z"] + db).status == 65)
        #expect(try await cli.run(["session", "start", "--cards", "7"] + db).status == 64)
        #expect(try await cli.run(["due", "--tz", "Mars/Olympus"] + db).status == 65)
        let other = try object(try await cli.run(["due", "--user", "ana", "--json", "--tz", "Asia/Tokyo"] + db).stdout)
        #expect(other["user"] as? String == "ana")
        #expect(other["timeZone"] as? String == "Asia/Tokyo")
    }
}
