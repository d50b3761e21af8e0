import FCCore
import FCTestSupport
import Foundation
import Testing

/// `fcgen profile`, `boxes`, `leaderboard`, `challenges`, `achievements` after a session driven step by step.
@Suite(.serialized)
struct GamificationCommandTests {
    private func object(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test func aSessionEarnsXPAndBoxesThatTheProfileBoxesAndLeaderboardShow() async throws {
        let cli = try CLIRunner(now: .runningFromNoonToday())
        defer { cli.cleanUp() }
        let db = ["--db", cli.databasePath]
        #expect(try await cli.run(["--topic", "Roman history", "--batches", "1", "--offline"] + db).status == 0)

        let started = try object(
            try await cli.run(
                ["session", "start", "--topic", "Roman history", "--cards", "10", "--json", "--user", "ana"] + db
            )
            .stdout)
        let id = try #require((started["session"] as? [String: Any])?["id"] as? Int)
        var answerXP = 0
        // The whole queue answered, most of it right: a session that counts for boxes. A card not passed on first
        // sight comes back on its learning step and is answered good then.
        var firstSight = ["good", "easy", "fail", "good", "good", "easy", "good", "good", "difficult", "good"]
        var seen: Set<Int> = []
        for _ in 0..<40 {
            let next = try object(
                try await cli.run(["session", "next", "\(id)", "--json", "--user", "ana"] + db).stdout)
            guard let cardID = (next["card"] as? [String: Any])?["id"] as? Int else { break }
            let rating = seen.insert(cardID).inserted ? firstSight.removeFirst() : "good"
            let answered = try await cli.run(
                ["session", "answer", "\(id)", "\(cardID)", "--rating", rating, "--json", "--user", "ana"] + db)
            #expect(answered.status == 0, "stderr: \(answered.stderr)")
            answerXP += try #require((try object(answered.stdout)["rewards"] as? [String: Any])?["xpGained"] as? Int)
        }
        #expect(firstSight.isEmpty && seen.count == 10)
        #expect(answerXP >= 25 + 25 + 10)

        let ended = try object(try await cli.run(["session", "end", "\(id)", "--json", "--user", "ana"] + db).stdout)
        let rewards = try #require(ended["rewards"] as? [String: Any])
        let boxes = try #require(rewards["boxesEarned"] as? [[String: Any]])
        #expect((3...5).contains(boxes.count))
        #expect(rewards["xpGained"] as? Int == answerXP)
        #expect((rewards["achievementsUnlocked"] as? [[String: Any]])?.first?["id"] as? String == "first_steps")

        let profile = try #require(
            try object(try await cli.run(["profile", "--json", "--user", "ana"] + db).stdout)["profile"]
                as? [String: Any])
        #expect((profile["level"] as? [String: Any])?["totalXP"] as? Int == answerXP)
        #expect(profile["currentStreak"] as? Int == 1)
        #expect((profile["challenges"] as? [Any])?.count == 3)
        #expect((profile["unopenedBoxes"] as? [Any])?.count == boxes.count)
        #expect(profile["learnerId"] is Int)
        #expect((profile["unopenedBoxes"] as? [[String: Any]])?.first?["sessionId"] as? Int == id)

        let opened = try object(try await cli.run(["boxes", "open", "--all", "--json", "--user", "ana"] + db).stdout)
        let openRewards = try #require(opened["rewards"] as? [String: Any])
        #expect((openRewards["boxesOpened"] as? [Any])?.count == boxes.count)
        let paid = try #require(openRewards["xpGained"] as? Int)
        // The smallest payout (a common box) is 5 XP: BoxRules.default.
        #expect(paid >= 5 * boxes.count, "\(boxes.count) boxes paid \(paid) XP")
        let again = try object(try await cli.run(["boxes", "open", "--all", "--json", "--user", "ana"] + db).stdout)
        #expect((again["rewards"] as? [String: Any])?["xpGained"] as? Int == 0)
        #expect(try await cli.run(["boxes", "open"] + db).status == 64)

        _ = try await cli.run(["review", "1", "--rating", "good", "--user", "bob"] + db)
        let board = try object(try await cli.run(["leaderboard", "--json", "--by", "xp", "--user", "bob"] + db).stdout)
        let entries = try #require(board["entries"] as? [[String: Any]])
        #expect(entries.map { ($0["stats"] as? [String: Any])?["name"] as? String } == ["ana", "bob"])
        #expect(entries.map { $0["rank"] as? Int } == [1, 2])
        #expect(entries.map { $0["isCurrentLearner"] as? Bool } == [false, true])
        #expect(entries.first?["value"] as? Int == answerXP + paid)

        let achievements = try object(try await cli.run(["achievements", "--json", "--user", "ana"] + db).stdout)
        #expect((achievements["achievements"] as? [Any])?.count == 8)
        let challenges = try object(try await cli.run(["challenges", "--json", "--user", "carla"] + db).stdout)
        #expect((challenges["challenges"] as? [[String: Any]])?.allSatisfy { $0["progress"] as? Int == 0 } == true)
        #expect(try await cli.run(["leaderboard", "--day", "yesterday"] + db).status == 64)
    }
}
