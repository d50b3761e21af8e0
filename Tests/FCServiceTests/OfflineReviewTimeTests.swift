import FCCore
import FCTestSupport
import Foundation
import NIOHTTP1
import Testing

/// Answers given offline and sent hours later (the web app's outbox, docs/webapp.md "Offline study"): each review
/// keeps the time it was given (`at`), and so do its schedule, its XP's day, the streak and the calendar; a replay
/// of the same request records nothing and pays nothing again; one sent after the learner studied on a later day
/// still pays its card's XP on its own day, once. The clock is a manual one, so "yesterday" is fixed.
@Suite("the service: reviews sent after an offline day (in process)")
struct OfflineReviewTimeTests {
    private static func time(_ text: String) throws -> Date {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        let plain = ISO8601DateFormatter()
        return try #require(formatter.date(from: text) ?? plain.date(from: text), "not a time: \(text)")
    }

    @Test(
        "reviews hours old keep their time, schedule, XP day, streak and calendar day; a replay pays nothing",
        arguments: [false, true])
    func offlineAnswersKeepTheirTime(postgres: Bool) async throws {
        try await TestPostgresServer.onEngine(postgres: postgres, label: "offline") {
            try await Self.offlineAnswers(databaseURL: $0)
        }
    }

    private static func offlineAnswers(databaseURL: String?) async throws {
        // Cards made on 20 November at 09:00 UTC; the answers reach the server on the 21st at 15:00.
        let clock = ManualNow(try Self.time("2026-11-20T09:00:00Z"))
        let fixture = try await ServiceUnderTest(seeded: false, now: clock.now, databaseURL: databaseURL)
        try await fixture.generateOffline(topic: "Roman history", batches: 1)
        let ana = try await fixture.token(user: "ana")
        clock.advance(by: 30 * 3_600)
        try await fixture.serve { server in
            let feed = try await server.call(.GET, "/v1/topics/1/feed?limit=5", token: ana)
            let ids = try #require((feed.json["cards"] as? [[String: Any]])?.compactMap { $0["id"] as? Int })
            try #require(ids.count == 5)
            // Yesterday evening (17 and 16 hours ago) and this morning, in order, as the outbox sends them.
            let given = [
                (ids[0], "again", "2026-11-20T22:00:00.000Z"), (ids[1], "good", "2026-11-20T23:00:00.000Z"),
                (ids[2], "good", "2026-11-21T08:00:00.000Z"),
            ]
            var xp = 0
            for (index, (card, rating, at)) in given.enumerated() {
                let reply = try await server.call(
                    .POST, "/v1/reviews", token: ana,
                    json: #"{"cardId": \#(card), "rating": "\#(rating)", "at": "\#(at)"}"#,
                    headers: [("Idempotency-Key", "offline-\(index)")])
                #expect(reply.status == 201, "\(reply.text)")
                let review = try #require(reply.json["review"] as? [String: Any])
                #expect(try Self.time(review["reviewedAt"] as? String ?? "") == Self.time(at))
                let gained = review["xpGained"] as? Int ?? 0
                #expect(gained > 0, "an answer given offline earns its XP: \(reply.text)")
                xp += gained
                // The schedule starts from when the card was answered: an Again yesterday at 22:00 was due again
                // within the hour, long before the answer reached the server.
                if rating == "again" {
                    let (due, answered) = (try Self.time(review["due"] as? String ?? ""), try Self.time(at))
                    #expect(due > answered && due <= answered.addingTimeInterval(3_600), "\(reply.text)")
                }
            }
            // One answered now, without `at`: today's second review.
            let now = try await server.call(
                .POST, "/v1/reviews", token: ana, json: #"{"cardId": \#(ids[3]), "rating": "good"}"#,
                headers: [("Idempotency-Key", "online-0")])
            #expect(now.status == 201, "\(now.text)")
            xp += (now.json["review"] as? [String: Any])?["xpGained"] as? Int ?? 0

            // A replay (the reply to the first request was lost): the first answer again, nothing recorded or paid.
            let replay = try await server.call(
                .POST, "/v1/reviews", token: ana,
                json: #"{"cardId": \#(ids[0]), "rating": "again", "at": "\#(given[0].2)"}"#,
                headers: [("Idempotency-Key", "offline-0")])
            #expect(replay.status == 201)
            #expect(replay.headers.first(name: "Idempotent-Replayed") == "true")

            // An answer from yesterday sent after today's: it pays its card's XP on its own day (gamification.md,
            // "Late answers") and nothing more; today's numbers and the streak stay as they were.
            let sendLate = { (card: Int, rating: String, at: String, key: String) in
                try await server.call(
                    .POST, "/v1/reviews", token: ana,
                    json: #"{"cardId": \#(card), "rating": "\#(rating)", "at": "\#(at)"}"#,
                    headers: [("Idempotency-Key", key)])
            }
            let late = try await sendLate(ids[4], "good", "2026-11-20T23:30:00.000Z", "offline-late")
            #expect(late.status == 201, "\(late.text)")
            let lateReview = try #require(late.json["review"] as? [String: Any])
            #expect(try Self.time(lateReview["reviewedAt"] as? String ?? "") == Self.time("2026-11-20T23:30:00Z"))
            #expect(lateReview["xpGained"] as? Int == 10, "a first-try card's XP: \(late.text)")
            xp += 10
            // Sent twice (a lost reply): replayed, paid once.
            let lateAgain = try await sendLate(ids[4], "good", "2026-11-20T23:30:00.000Z", "offline-late")
            #expect(lateAgain.headers.first(name: "Idempotent-Replayed") == "true")
            // A card that already paid on the 20th, answered again that evening on this device: recorded, no XP.
            let paidThatDay = try await sendLate(ids[1], "easy", "2026-11-20T23:45:00.000Z", "offline-late-2")
            #expect(paidThatDay.status == 201, "\(paidThatDay.text)")
            #expect((paidThatDay.json["review"] as? [String: Any])?["xpGained"] as? Int == 0, "\(paidThatDay.text)")

            let me = try await server.call(.GET, "/v1/me", token: ana)
            #expect(me.json["totalXP"] as? Int == xp, "\(me.text)")
            #expect(
                me.json["currentStreak"] as? Int == 2, "yesterday's offline answers count for the streak: \(me.text)")
            let calendar = try await server.call(.GET, "/v1/calendar?from=2026-11-20&to=2026-11-21", token: ana)
            let days = try #require(calendar.json["days"] as? [[String: Any]], "\(calendar.text)")
            let reviews = Dictionary(
                uniqueKeysWithValues: days.map { ($0["day"] as? String ?? "", $0["reviews"] as? Int) })
            #expect(reviews["2026-11-20"] == 4 && reviews["2026-11-21"] == 2, "\(calendar.text)")
            let dayXP = Dictionary(
                uniqueKeysWithValues: days.map { ($0["day"] as? String ?? "", $0["xp"] as? Int ?? 0) })
            #expect(dayXP.values.reduce(0, +) == xp, "every XP on the day it was earned: \(calendar.text)")
            #expect((dayXP["2026-11-20"] ?? 0) >= 24, "yesterday's, the late answer's 10 with them: \(calendar.text)")
            let deck = try await server.call(.GET, "/v1/topics/1/cards?limit=200", token: ana)
            let studied = (deck.json["cards"] as? [[String: Any]] ?? []).compactMap { $0["progress"] as? [String: Any] }
            let reps = studied.map { $0["reps"] as? Int ?? 0 }
            #expect(studied.count == 5 && reps.reduce(0, +) == 6 && reps.max() == 2, "\(deck.text)")
        }
    }
}
