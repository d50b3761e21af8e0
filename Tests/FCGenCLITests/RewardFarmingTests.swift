import Foundation
import Testing

/// Scripted adversaries: each drives the real binary the way someone farming rewards would, and checks from the
/// database that boxes, achievements and XP stay where effort puts them (docs/gamification.md, "Anti-abuse rules").
@Suite(.serialized)
struct RewardFarmingTests {
    private func object(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    /// A database with `batches` offline batches of `topic`.
    private func world(_ topic: String, batches: Int) async throws -> (CLIRunner, [String]) {
        let cli = try CLIRunner()
        let db = ["--db", cli.databasePath]
        let generated = try await cli.run(["--topic", topic, "--batches", "\(batches)", "--offline"] + db)
        #expect(generated.status == 0, "stderr: \(generated.stderr)")
        return (cli, db)
    }

    @Test func repeatedEmptyQuizzesEarnNothing() async throws {
        let (cli, db) = try await world("French basics", batches: 1)
        defer { cli.cleanUp() }
        for cards in ["1", "1", "1", "10", "10"] {
            // No stdin at all: every answer is empty.
            let quiz = try await cli.run(["quiz", "--topic", "French basics", "--cards", cards] + db)
            #expect(quiz.status == 0, "stderr: \(quiz.stderr)")
        }
        let ledger = try await LearnerLedger.read(cli.databasePath)
        #expect(ledger.boxes == 0, "\(ledger)")
        #expect(ledger.totalXP == 0 && ledger.achievements.isEmpty, "\(ledger)")
    }

    @Test func startAndQuitLearnLoopsEarnNoBoxes() async throws {
        let (cli, db) = try await world("Roman history", batches: 1)
        defer { cli.cleanUp() }
        // Show the answer, rate it good, quit at the next card, don't learn again.
        let keys = Data("\n3\nq\nn\n".utf8)
        // Reviews at the learner's local midday: five reviews between 23:00 and 04:00 would earn Night Owl honestly.
        let midday = ["--tz", Self.zoneWhereItIsMidday()]
        for _ in 0..<5 {
            let learn = try await cli.run(
                ["learn", "--topic", "Roman history", "--cards", "10"] + midday + db, stdin: keys)
            #expect(learn.status == 0, "stderr: \(learn.stderr)")
            #expect(!learn.stdout.contains("mystery box"), "\(learn.stdout)")
        }
        let ledger = try await LearnerLedger.read(cli.databasePath)
        #expect(ledger.reviews == 5)
        #expect(ledger.boxes == 0, "\(ledger)")
        #expect(!ledger.awardKinds.contains("box"))
        // The one review-based achievement is earned honestly; no session achievement comes from quitting.
        #expect(ledger.achievements == ["first_steps"], "\(ledger)")
        #expect(ledger.totalXP == ledger.ledgerXP)
    }

    /// A tz database zone (`Etc/GMT±N`) whose local time is now between 11:00 and 13:00.
    private static func zoneWhereItIsMidday(now: Date = Date()) -> String {
        var utc = Calendar(identifier: .gregorian)
        utc.timeZone = TimeZone(identifier: "UTC") ?? .current
        let offset = 12 - utc.component(.hour, from: now)  // -11 ... 12
        // The Etc zones' signs are POSIX's: Etc/GMT-3 is three hours ahead of UTC.
        return offset >= 0 ? "Etc/GMT-\(offset)" : "Etc/GMT+\(-offset)"
    }

    @Test func abandonedSessionsThroughTheSessionCommandsEarnNoBoxes() async throws {
        let (cli, db) = try await world("Roman history", batches: 1)
        defer { cli.cleanUp() }
        for _ in 0..<3 {
            let started = try object(
                try await cli.run(["session", "start", "--topic", "Roman history", "--cards", "10", "--json"] + db)
                    .stdout)
            let id = try #require((started["session"] as? [String: Any])?["id"] as? Int)
            let cardID = try #require((started["card"] as? [String: Any])?["id"] as? Int)
            let answered = try await cli.run(["session", "answer", "\(id)", "\(cardID)", "--rating", "easy"] + db)
            #expect(answered.status == 0, "stderr: \(answered.stderr)")
            #expect(try await cli.run(["session", "end", "\(id)"] + db).status == 0)
        }
        let ledger = try await LearnerLedger.read(cli.databasePath)
        #expect(ledger.boxes == 0, "\(ledger)")
        #expect(!ledger.achievements.contains("perfectionist") && !ledger.achievements.contains("speed_demon"))
    }

    @Test func anAllWrongSpeedQuizUnlocksNothingAndARightOneDoes() async throws {
        let (cli, db) = try await world("French basics", batches: 2)
        defer { cli.cleanUp() }
        let quiz = ["quiz", "--topic", "French basics", "--seed", "11", "--json"] + db
        // Rushed, every answer wrong.
        let wrong = try object(
            try await cli.run(quiz, stdin: Data(String(repeating: "nope\n", count: 100).utf8)).stdout)
        let misses = try #require(wrong["misses"] as? [[String: Any]])
        #expect(misses.count >= 20, "the speed achievement needs a quiz of 20 cards or more")
        #expect(wrong["right"] as? Int == 0)
        var ledger = try await LearnerLedger.read(cli.databasePath)
        #expect(ledger.boxes == 0 && ledger.achievements.isEmpty && ledger.totalXP == 0, "\(ledger)")

        // The same quiz (same seed, same order) answered right, just as fast: a quiz-only learner's honest effort.
        let answers = misses.compactMap { $0["correct"] as? String }.joined(separator: "\n") + "\n"
        let right = try object(try await cli.run(quiz, stdin: Data(answers.utf8)).stdout)
        #expect(right["right"] as? Int == misses.count)
        ledger = try await LearnerLedger.read(cli.databasePath)
        #expect(ledger.achievements.contains("speed_demon"), "\(ledger)")
        // Quiz answers are not reviews: no "First Steps" without a review.
        #expect(!ledger.achievements.contains("first_steps"), "\(ledger)")
        #expect(ledger.reviews == 0)
        #expect(ledger.boxes == 5)

        // The same right quiz over and over: boxes stop at the daily cap.
        for _ in 0..<3 { _ = try await cli.run(quiz, stdin: Data(answers.utf8)) }
        ledger = try await LearnerLedger.read(cli.databasePath)
        #expect(ledger.boxes == 10, "\(ledger)")
        #expect(ledger.totalXP == ledger.ledgerXP)
    }

    @Test func aFirstReviewStillEarnsFirstSteps() async throws {
        let (cli, db) = try await world("Roman history", batches: 1)
        defer { cli.cleanUp() }
        #expect(try await cli.run(["review", "1", "--rating", "good"] + db).status == 0)
        let ledger = try await LearnerLedger.read(cli.databasePath)
        #expect(ledger.achievements == ["first_steps"], "\(ledger)")
    }
}
