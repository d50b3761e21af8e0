import FCCore
import FCTestSupport
import Foundation
import Testing

/// `fcgen history` and `fcgen calendar` on the built binary, and what deleting a topic leaves of them.
@Suite(.serialized)
struct HistoryCommandTests {
    private func object(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    /// The commands' clock, pinned to one day: a run that crosses midnight UTC must not see two.
    private let now = Now.runningFromNoonToday()

    /// Today in UTC by that clock, `YYYY-MM-DD` (the test learner has no stored zone).
    private var today: String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withFullDate]
        return formatter.string(from: now())
    }

    @Test func historyCountsTodayAndKeepsItWhenTheTopicIsDeleted() async throws {
        let cli = try CLIRunner(now: now)
        defer { cli.cleanUp() }
        let db = ["--db", cli.databasePath]
        #expect(try await cli.run(["--topic", "Roman history", "--batches", "1", "--offline"] + db).status == 0)
        #expect(try await cli.run(["--topic", "Algebra", "--batches", "1", "--offline"] + db).status == 0)
        let started = try object(
            try await cli.run(["session", "start", "--topic", "Roman history", "--cards", "10", "--json"] + db).stdout)
        let id = try #require((started["session"] as? [String: Any])?["id"] as? Int)
        // Easy passes each new card at once (good would leave it on its learning step, to come back in the session):
        // ten answers, ten new cards.
        for _ in 0..<10 {
            let next = try object(try await cli.run(["session", "next", "\(id)", "--json"] + db).stdout)
            let cardID = try #require((next["card"] as? [String: Any])?["id"] as? Int)
            let answered = try await cli.run(
                ["session", "answer", "\(id)", "\(cardID)", "--rating", "easy", "--duration-ms", "90000"] + db)
            #expect(answered.status == 0, "stderr: \(answered.stderr)")
        }
        #expect(try await cli.run(["session", "end", "\(id)"] + db).status == 0)
        let algebraCard = try #require(
            (try object(try await cli.run(["cards", "--topic", "Algebra", "--json"] + db).stdout)["cards"]
                as? [[String: Any]])?
                .first?["id"] as? Int)
        #expect(try await cli.run(["review", "\(algebraCard)", "--rating", "easy"] + db).status == 0)

        let history = try #require(
            try object(try await cli.run(["history", "--json"] + db).stdout)["history"] as? [String: Any])
        let days = try #require(history["days"] as? [[String: Any]])
        #expect(days.count == 30)
        let last = try #require(days.last)
        #expect(last["day"] as? String == today)
        #expect(last["reviews"] as? Int == 11)
        #expect(last["newCards"] as? Int == 11)
        #expect(last["minutes"] as? Int == 15)  // ten answers of 90 s; `review` measures no time
        let ledger = try await LearnerLedger.read(cli.databasePath)
        #expect(last["xp"] as? Int == ledger.totalXP)
        #expect(ledger.totalXP > 0)

        // Deleting the topic keeps the history it made, and its XP: the two still agree.
        #expect(try await cli.run(["topic", "delete", "Roman history", "--force"] + db).status == 0)
        let after = try #require(
            try object(try await cli.run(["history", "--json"] + db).stdout)["history"] as? [String: Any])
        #expect(after["days"] as? NSArray == history["days"] as? NSArray)
        let kept = try await LearnerLedger.read(cli.databasePath)
        #expect(kept.totalXP == ledger.totalXP && kept.reviews == 1)
        let stats = try object(try await cli.run(["stats", "--json"] + db).stdout)
        #expect((stats["statistics"] as? [String: Any])?["totalReviews"] as? Int == 11)

        let text = try await cli.run(["history"] + db)
        #expect(text.stdout.contains("\(today)"), "\(text.stdout)")
        #expect(text.stdout.contains("11 reviews on 1 day, 11 new cards, 15 min"), "\(text.stdout)")
    }

    @Test func theCalendarShadesTodayAndGivesCountsAsJSON() async throws {
        let cli = try CLIRunner(now: now)
        defer { cli.cleanUp() }
        let db = ["--db", cli.databasePath]
        #expect(try await cli.run(["--topic", "Roman history", "--batches", "1", "--offline"] + db).status == 0)
        for card in 1...3 { #expect(try await cli.run(["review", "\(card)", "--rating", "good"] + db).status == 0) }

        let drawn = try await cli.run(["calendar"] + db)
        #expect(drawn.status == 0, "stderr: \(drawn.stderr)")
        let lines = drawn.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let rows = lines.filter { ["Mon ", "Tue ", "Wed ", "Thu ", "Fri ", "Sat ", "Sun "].contains($0.prefix(4)) }
        #expect(rows.count == 7)
        #expect(rows.map { $0.filter { $0 == "█" }.count }.reduce(0, +) == 1)  // today, the busiest day
        #expect(rows.allSatisfy { $0.count <= 4 + 53 * 2 })
        #expect(lines.contains { $0.contains("Less · ░ ▒ ▓ █ More (most in a day: 3)") })

        let ascii = try await cli.run(["calendar", "--ascii"] + db)
        #expect(ascii.stdout.contains("Less . - + * # More"))
        #expect(!ascii.stdout.contains("█"))

        let json = try #require(
            try object(
                try await cli.run(["calendar", "--json", "--from", "2026-01-01", "--to", "2026-01-07"] + db).stdout)[
                    "calendar"] as? [String: Any])
        let days = try #require(json["days"] as? [[String: Any]])
        #expect(days.map { $0["day"] as? String } == (1...7).map { "2026-01-0\($0)" })
        #expect(days.allSatisfy { $0["reviews"] as? Int == 0 && $0["level"] as? Int == 0 })
        let todays = try #require(
            try object(try await cli.run(["calendar", "--json", "--from", today, "--to", today] + db).stdout)[
                "calendar"]
                as? [String: Any])
        #expect((todays["days"] as? [[String: Any]])?.first?["reviews"] as? Int == 3)
        #expect((todays["days"] as? [[String: Any]])?.first?["level"] as? Int == 4)
    }

    /// Every command reads the clock it is handed (``CommandIO/now``), never the machine's: a review made on a pinned
    /// day of another year lands on that day, and `history` ends on it.
    @Test func commandsReadTheClockTheyAreGiven() async throws {
        let leapDay = try #require(ISO8601DateFormatter().date(from: "2024-02-29T12:00:00Z"))
        let cli = try CLIRunner(now: .constant(leapDay))
        defer { cli.cleanUp() }
        let db = ["--db", cli.databasePath]
        #expect(try await cli.run(["--topic", "Roman history", "--batches", "1", "--offline"] + db).status == 0)
        #expect(try await cli.run(["review", "1", "--rating", "good"] + db).status == 0)
        let history = try #require(
            try object(try await cli.run(["history", "--json"] + db).stdout)["history"] as? [String: Any])
        let last = try #require((history["days"] as? [[String: Any]])?.last)
        #expect(last["day"] as? String == "2024-02-29")
        #expect(last["reviews"] as? Int == 1)
    }

    @Test func badRangesAreUsageErrors() async throws {
        let cli = try CLIRunner(now: now)
        defer { cli.cleanUp() }
        let db = ["--db", cli.databasePath]
        // History reads a database: make one, so the range is what gets refused.
        #expect(try await cli.run(["topic", "add", "Algebra"] + db).status == 0)
        let reversed = try await cli.run(["history", "--from", "2026-02-01", "--to", "2026-01-01"] + db)
        #expect(reversed.status == 64)
        #expect(reversed.stderr.contains("--from 2026-02-01 is after --to 2026-01-01"), "\(reversed.stderr)")
        #expect(try await cli.run(["history", "--from", "yesterday"] + db).status == 64)
        #expect(try await cli.run(["calendar", "--to", "2026-02-30"] + db).status == 64)
        let tooLong = try await cli.run(["history", "--from", "1990-01-01"] + db)
        #expect(tooLong.status == 64)
        #expect(tooLong.stderr.contains("at most 3660 days"), "\(tooLong.stderr)")
    }
}
