import Foundation
import Testing

/// Review and answer times on the command line: nothing dated in the future or before its card is recorded, and
/// the learner's state is exactly as it was (docs/study.md, "When an answer may be dated").
@Suite(.serialized)
struct EventTimeCLITests {
    private func object(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    private func world() async throws -> (CLIRunner, [String]) {
        let cli = try CLIRunner()
        let db = ["--db", cli.databasePath]
        let generated = try await cli.run(["--topic", "Roman history", "--batches", "1", "--offline"] + db)
        #expect(generated.status == 0, "stderr: \(generated.stderr)")
        return (cli, db)
    }

    @Test func aReviewDatedInTheFutureOrBeforeItsCardIsRefusedAndChangesNothing() async throws {
        let (cli, db) = try await world()
        defer { cli.cleanUp() }
        #expect(try await cli.run(["review", "1", "--rating", "good"] + db).status == 0)
        let before = try await LearnerLedger.read(cli.databasePath)

        // The reproduction from the issue: accepted before, it froze gamification until 2030.
        let future = try await cli.run(["review", "2", "--rating", "good", "--at", "2030-01-01T00:00:00Z"] + db)
        #expect(future.status == 64)
        #expect(future.stderr.contains("--at 2030-01-01T00:00:00Z is in the future"), "\(future.stderr)")
        #expect(future.stderr.contains("allowed up to"))
        #expect(try await LearnerLedger.read(cli.databasePath) == before)

        // Before the card existed: input that does not fit what is stored (bad_input, exit 65), not a usage error.
        let early = try await cli.run(["review", "2", "--rating", "good", "--at", "2020-01-01T00:00:00Z"] + db)
        #expect(early.status == 65)
        #expect(early.stderr.contains("--at 2020-01-01T00:00:00Z is before card 2 existed"), "\(early.stderr)")
        #expect(early.stderr.contains("allowed from"))
        let earlyJSON = try await cli.run(
            ["review", "2", "--rating", "good", "--at", "2020-01-01T00:00:00Z", "--json"] + db)
        #expect(earlyJSON.status == 65)
        let error = try #require(try object(earlyJSON.stdout)["error"] as? [String: Any], "\(earlyJSON.stdout)")
        #expect(error["code"] as? String == "bad_input")
        #expect(try await LearnerLedger.read(cli.databasePath) == before)

        // The learner is not frozen: the next review today pays as usual.
        let next = try object(try await cli.run(["review", "2", "--rating", "good", "--json"] + db).stdout)
        let xp = try #require(((next["review"] as? [String: Any])?["rewards"] as? [String: Any])?["xpGained"] as? Int)
        #expect(xp >= 10, "a card right on the first try pays 10 XP (XPRewards.default)")
        #expect(try await LearnerLedger.read(cli.databasePath).reviews == 2)
    }

    @Test func aTimeWithinTheClockSkewAllowanceIsRecordedAsNow() async throws {
        let (cli, db) = try await world()
        defer { cli.cleanUp() }
        let formatter = ISO8601DateFormatter()
        let ahead = formatter.string(from: Date().addingTimeInterval(120))
        let recorded = try await cli.run(["review", "3", "--rating", "easy", "--at", ahead, "--json"] + db)
        #expect(recorded.status == 0, "stderr: \(recorded.stderr)")
        let review = try #require(try object(recorded.stdout)["review"] as? [String: Any])
        let text = try #require(review["reviewedAt"] as? String)
        let reader = ISO8601DateFormatter()
        reader.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        let at = try #require(reader.date(from: text))
        #expect(at <= Date())
    }

    @Test func aSessionAnswerDatedInTheFutureOrBeforeItsCardIsRefused() async throws {
        let (cli, db) = try await world()
        defer { cli.cleanUp() }
        let started = try object(
            try await cli.run(["session", "start", "--topic", "Roman history", "--cards", "10", "--json"] + db).stdout)
        let id = try #require((started["session"] as? [String: Any])?["id"] as? Int)
        let cardID = try #require((started["card"] as? [String: Any])?["id"] as? Int)
        let answered = try await cli.run(
            ["session", "answer", "\(id)", "\(cardID)", "--rating", "good", "--at", "2030-06-01T12:00:00Z"] + db)
        #expect(answered.status == 64)
        #expect(answered.stderr.contains("--at 2030-06-01T12:00:00Z is in the future"), "\(answered.stderr)")
        let early = try await cli.run(
            ["session", "answer", "\(id)", "\(cardID)", "--rating", "good", "--at", "2020-06-01T12:00:00Z"] + db)
        #expect(early.status == 65)
        #expect(early.stderr.contains("--at 2020-06-01T12:00:00Z is before card \(cardID) existed"), "\(early.stderr)")
        let ledger = try await LearnerLedger.read(cli.databasePath)
        #expect(ledger.reviews == 0 && ledger.totalXP == 0)
        let next = try object(try await cli.run(["session", "next", "\(id)", "--json"] + db).stdout)
        #expect((next["card"] as? [String: Any])?["id"] as? Int == cardID)
    }
}
