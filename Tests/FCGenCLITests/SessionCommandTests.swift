import Foundation
import Testing

/// `fcgen session skip|undo|bury|suspend|end` and `learn`'s keys for them, on the built binary.
@Suite(.serialized)
struct SessionCommandTests {
    private func object(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    private func demo() async throws -> (CLIRunner, [String]) {
        let cli = try CLIRunner()
        let db = ["--db", cli.databasePath]
        #expect(try await cli.run(["--topic", "Roman history", "--batches", "1", "--offline"] + db).status == 0)
        return (cli, db)
    }

    private func nextCard(_ document: [String: Any]) throws -> Int {
        try #require((document["card"] as? [String: Any])?["id"] as? Int)
    }

    private func totalXP(_ cli: CLIRunner, _ db: [String]) async throws -> Int {
        let profile = try object(try await cli.run(["profile", "--json"] + db).stdout)
        return try #require(((profile["profile"] as? [String: Any])?["level"] as? [String: Any])?["totalXP"] as? Int)
    }

    @Test func anEndedSessionRefusesEveryStepWithOneClearError() async throws {
        let (cli, db) = try await demo()
        defer { cli.cleanUp() }
        let started = try object(try await cli.run(["session", "start", "--json"] + db).stdout)
        let id = try #require((started["session"] as? [String: Any])?["id"] as? Int)
        let card = "\(try nextCard(started))"
        #expect(try await cli.run(["session", "end", "\(id)"] + db).status == 0)
        for step in [
            ["next"], ["answer", card, "--rating", "good"], ["skip", card], ["undo"], ["bury", card],
            ["suspend", card], ["end"],
        ] {
            let arguments = ["session", step[0], "\(id)"] + step.dropFirst() + db
            let text = try await cli.run(arguments)
            #expect(text.status == 65, "\(step)")
            #expect(text.stderr == "fcgen: error: session \(id) has ended: start a new one (fcgen session start)\n")
            #expect(text.stdout.isEmpty, "no card, no done: false")
            let json = try object(try await cli.run(arguments + ["--json"]).stdout)
            #expect((json["error"] as? [String: Any])?["code"] as? String == "session_ended", "\(step)")
        }
    }

    @Test func undoTakesTheAnswerAndItsXPBackAndSkipReordersTheQueue() async throws {
        let (cli, db) = try await demo()
        defer { cli.cleanUp() }
        let started = try object(try await cli.run(["session", "start", "--seed", "1", "--json"] + db).stdout)
        let id = "\((started["session"] as? [String: Any])?["id"] as? Int ?? 0)"
        let first = try nextCard(started)
        let xpBefore = try await totalXP(cli, db)
        let answered = try object(
            try await cli.run(["session", "answer", id, "\(first)", "--rating", "easy", "--json"] + db).stdout)
        let gained = try #require((answered["rewards"] as? [String: Any])?["xpGained"] as? Int)
        #expect(gained > 0)
        #expect(try await totalXP(cli, db) == xpBefore + gained)

        let undone = try object(try await cli.run(["session", "undo", id, "--json"] + db).stdout)
        #expect(try nextCard(undone) == first, "the undone card is next again")
        let undoneMember = try #require(undone["undone"] as? [String: Any])
        #expect(undoneMember["xpReturned"] as? Int == gained)
        #expect(undoneMember["reviewRemoved"] as? Bool == true)
        #expect(undoneMember["cardId"] as? Int == first)
        #expect(try await totalXP(cli, db) == xpBefore)
        let stats = try object(try await cli.run(["stats", "--json"] + db).stdout)
        let statistics = try #require(stats["statistics"] as? [String: Any])
        #expect(statistics["totalReviews"] as? Int == 0)
        #expect((statistics["recentSessions"] as? [Any])?.isEmpty == true, "a session with no answer left is no study")

        let skipped = try object(try await cli.run(["session", "skip", id, "\(first)", "--json"] + db).stdout)
        #expect(try nextCard(skipped) != first)
        let wrongOrder = try await cli.run(["session", "answer", id, "\(first)", "--rating", "good"] + db)
        #expect(wrongOrder.status == 65)
        #expect(wrongOrder.stderr.contains("the next card is"))
        let nothing = try await cli.run(["session", "undo", id] + db)
        #expect(nothing.status == 65)
        #expect(nothing.stderr.contains("nothing to undo"))
    }

    @Test func buriedAndSuspendedCardsLeaveTheSessionAndTheQueues() async throws {
        let (cli, db) = try await demo()
        defer { cli.cleanUp() }
        let started = try object(try await cli.run(["session", "start", "--seed", "1", "--json"] + db).stdout)
        let id = "\((started["session"] as? [String: Any])?["id"] as? Int ?? 0)"
        let buried = try nextCard(started)
        let afterBury = try object(try await cli.run(["session", "bury", id, "\(buried)", "--json"] + db).stdout)
        let suspended = try nextCard(afterBury)
        #expect(suspended != buried)
        let afterSuspend = try object(
            try await cli.run(["session", "suspend", id, "\(suspended)", "--json"] + db).stdout)
        #expect((afterSuspend["session"] as? [String: Any])?["size"] as? Int == 8)
        let due = try object(try await cli.run(["due", "--json"] + db).stdout)
        #expect((due["topics"] as? [[String: Any]])?.first?["new"] as? Int == 12)
        let fresh = try object(try await cli.run(["session", "start", "--cards", "50", "--json"] + db).stdout)
        #expect((fresh["session"] as? [String: Any])?["size"] as? Int == 12)
        #expect(try await cli.run(["card", "unsuspend", "\(suspended)"] + db).status == 0)
        let later = try object(try await cli.run(["due", "--json"] + db).stdout)
        #expect((later["topics"] as? [[String: Any]])?.first?["new"] as? Int == 13)
    }

    @Test func learnUndoesAndSkipsFromTheKeyboard() async throws {
        let (cli, db) = try await demo()
        defer { cli.cleanUp() }
        // Card 1: show the answer, rate 3; card 2: u undoes card 1's answer; card 1 again: s skips it; q quits.
        let keys = "x\n3\nu\ns\nq\nn\n"
        let learned = try await cli.run(
            ["learn", "--topic", "Roman history", "--seed", "1"] + db, stdin: Data(keys.utf8))
        #expect(learned.status == 0, "stderr: \(learned.stderr)")
        #expect(learned.stdout.contains("undid the answer to card"))
        #expect(learned.stdout.contains("Session summary: 0 cards, 0 correct, 0 failed"))
        let stats = try object(try await cli.run(["stats", "--json"] + db).stdout)
        #expect((stats["statistics"] as? [String: Any])?["totalReviews"] as? Int == 0)
    }
}
