import FCCore
import FCPipeline
import FCScheduler
import FCStore
import Foundation
import Testing

/// `fcgen user show|set` and `fcgen topic set --algorithm` on the built binary.
@Suite(.serialized)
struct UserAndAlgorithmCommandTests {
    private func object(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test func aLearnersTimeZoneIsStoredValidatedAndUsedForToday() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let db = ["--db", cli.databasePath]
        #expect(try await cli.run(["topic", "add", "Setup"] + db).status == 0, "creates the database")

        let shown = try await cli.run(["user", "show", "--json"] + db)
        #expect(shown.status == 0, "stderr: \(shown.stderr)")
        let fresh = try object(shown.stdout)
        #expect(fresh["name"] as? String == "local")
        #expect(fresh["timeZone"] == nil || fresh["timeZone"] is NSNull)
        #expect(fresh["effectiveTimeZone"] as? String == "UTC")

        let set = try await cli.run(["user", "set", "--user", "Ana", "--tz", "Europe/Berlin", "--json"] + db)
        #expect(set.status == 0, "stderr: \(set.stderr)")
        #expect(try object(set.stdout)["timeZone"] as? String == "Europe/Berlin")
        let text = try await cli.run(["user", "show", "--user", "ana"] + db)
        #expect(text.stdout.contains("user: Ana (id 2)"))
        #expect(text.stdout.contains("time zone: Europe/Berlin"))
        let due = try object(try await cli.run(["due", "--user", "Ana", "--json"] + db).stdout)
        #expect(due["timeZone"] as? String == "Europe/Berlin")
        #expect(try object(try await cli.run(["due", "--json"] + db).stdout)["timeZone"] as? String != "Europe/Berlin")

        for bad in ["Bogus/Zone", "GMT+1", "europe/berlin"] {
            let refused = try await cli.run(["user", "set", "--tz", bad] + db)
            #expect(refused.status == 64, "\(bad)")
            #expect(refused.stderr.contains("unknown time zone \"\(bad)\""), "\(bad): \(refused.stderr)")
        }
        #expect(try await cli.run(["user", "set"] + db).status == 64)
        #expect(try await cli.run(["user", "set", "--tz", "UTC", "--no-tz"] + db).status == 64)
        let stale = try await cli.run(["due", "--tz", "Mars/Olympus"] + db)
        #expect(stale.status == 65)

        let cleared = try await cli.run(["user", "set", "--user", "Ana", "--no-tz", "--json"] + db)
        #expect(try object(cleared.stdout)["effectiveTimeZone"] as? String == "UTC")
    }

    @Test func switchingATopicToFSRSRebuildsStatesEqualToAnFSRSReplayOfTheLog() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let db = ["--db", cli.databasePath]
        let generated = try await cli.run(["--topic", "Roman history", "--batches", "1", "--offline"] + db)
        #expect(generated.status == 0, "stderr: \(generated.stderr)")
        let store = try await Store.open(path: cli.databasePath, now: .system)
        let topic = try #require(try await Topics.named(on: store, "Roman history"))
        // Reviews with badger (the default), days apart, after the cards' creation and before now: the cards are
        // dated back a month (a review cannot be dated before its card, nor in the future).
        let start = Date().addingTimeInterval(-20 * 86_400)
        _ = try await store.scalarInteger(
            "UPDATE cards SET created_at = \(Int64((start.timeIntervalSince1970 - 86_400) * 1000))")
        let cards = Array(try await Cards.inTopic(on: store, topicID: topic.id).prefix(3))
        let ratings = ["good", "good", "fail", "good", "easy"]
        for (round, rating) in ratings.enumerated() {
            for (index, card) in cards.enumerated() {
                let at = start.addingTimeInterval(Double(round) * 3 * 86_400 + Double(index) * 60)
                let reviewed = try await cli.run(
                    ["review", "\(card.id)", "--rating", rating, "--at", ISO8601DateFormatter().string(from: at)] + db)
                #expect(reviewed.status == 0, "stderr: \(reviewed.stderr)")
            }
        }
        let user = try #require(try await Learners.named(on: store, User.defaultName))
        #expect(try await store.cardState(userID: user.id, cardID: cards[0].id)?.algorithm.rawValue == "badger")

        let switched = try await cli.run(["topic", "set", "Roman history", "--algorithm", "fsrs", "--json"] + db)
        #expect(switched.status == 0, "stderr: \(switched.stderr)")
        #expect(switched.stderr.contains("algorithm fsrs, 3 card states rebuilt"))
        #expect(try object(switched.stdout)["algorithm"] as? String == "fsrs")
        #expect(try await cli.run(["topic", "set", "Roman history", "--algorithm", "sm2"] + db).status == 64)

        // The log is untouched, and each state is what `scheduler replay --algorithm fsrs` makes of it.
        var lines: [String] = []
        for card in cards {
            let log = try await store.reviewLog(userID: user.id, cardID: card.id)
            #expect(log.count == ratings.count)
            let reviews = log.map {
                "{\"t\": \(Int($0.reviewedAt.timeIntervalSince1970)), \"rating\": \($0.rating + 1)}"
            }
            let created = Int(card.createdAt.timeIntervalSince1970)
            lines.append(
                "{\"id\": \(card.id), \"created\": \(created), \"reviews\": [\(reviews.joined(separator: ", "))]}")
        }
        let file = cli.directory.appendingPathComponent("log.jsonl")
        try Data(lines.joined(separator: "\n").utf8).write(to: file)
        let replayed = try await cli.run(["scheduler", "replay", "--algorithm", "fsrs", file.path])
        #expect(replayed.status == 0, "stderr: \(replayed.stderr)")
        let outputs = replayed.stdout.split(separator: "\n").map(String.init)
        #expect(outputs.count == cards.count)
        for (card, output) in zip(cards, outputs) {
            let states = try #require(try object(output)["states"] as? [[String: Any]])
            let last = try #require(states.last)
            let stored = try #require(try await store.cardState(userID: user.id, cardID: card.id))
            #expect(stored.algorithm.rawValue == "fsrs")
            #expect(stored.reps == ratings.count)
            #expect(stored.phase.rawValue == last["state"] as? Int)
            #expect(
                abs((stored.stability ?? 0) - (last["stability"] as? Double ?? -1)) <= 1e-9 * (stored.stability ?? 1))
            #expect(abs((stored.difficulty ?? 0) - (last["difficulty"] as? Double ?? -1)) <= 1e-9 * 10)
            #expect(Int(stored.due.timeIntervalSince1970) == last["due"] as? Int)
        }
    }
}
