import FCPipeline
import FCStore
import FCTestSupport
import Foundation
import NIOHTTP1
import Testing

/// Every count a learner sees comes from one definition (docs/gamification.md, "What each count counts"): reviews are
/// answers recorded, cards are distinct cards reviewed that day, XP is the ledger's. After a scripted day of a
/// session (with an undo), feed swipes (one card twice, one already seen in the session) and practice that records
/// nothing, the leaderboard, statistics, calendar, topic and profile say the same numbers.
@Suite("the service: every count a learner sees agrees after a scripted day (in process)")
struct CountsAgreeTests {
    @Test("leaderboard, statistics, calendar, topic and profile agree on reviews, cards, XP, known and streak")
    func countsAgreeAfterAScriptedDay() async throws {
        let fixture = try await ServiceUnderTest(cards: 12)
        let ana = try #require(try await Learners.named(on: fixture.store, "ana"))
        // A failed card may come back within the session: in a daytime zone that is still today.
        try await Learners.setTimeZone(on: fixture.store, DaytimeZone.identifier(), userID: ana.id)
        let token = fixture.learnerToken
        let cards = fixture.cardIDs.map { Int($0) }
        try await fixture.serve { server in
            var reviewed: [Int] = []
            reviewed += try await Self.spacedSession(server, token: token, limit: 7)
            // Feed swipes: two new cards, one of them twice, and a card the session showed.
            for card in [cards[8], cards[9], cards[8], reviewed[1]] {
                let swipe = try await server.call(
                    .POST, "/v1/reviews", token: token, json: #"{"cardId": \#(card), "rating": "good"}"#,
                    headers: [("Idempotency-Key", UUID().uuidString)])
                #expect(swipe.status == 201, "\(swipe.text)")
                reviewed.append(card)
            }
            // Practice records no review: it must not move any count but XP (if it pays any, the ledger has it).
            for mode in ["free", "quiz"] { try await Self.practice(server, token: token, mode: mode) }

            let me = try await server.call(.GET, "/v1/me", token: token).json
            let today = try #require(me["day"] as? String)
            let stats = try await server.call(.GET, "/v1/stats", token: token).json
            let calendar = try await server.call(.GET, "/v1/calendar", token: token).json
            let board = try await server.call(.GET, "/v1/leaderboard", token: token).json
            let topic = try await server.call(.GET, "/v1/topics/1", token: token).json
            let day = try #require(
                (calendar["days"] as? [[String: Any]])?.first { $0["day"] as? String == today }, "\(calendar)")
            let mine = try #require(board["currentLearner"] as? [String: Any], "\(board)")
            let topicStats = try #require((stats["topics"] as? [[String: Any]])?.first, "\(stats)")

            // Reviews: answers recorded.
            #expect(stats["totalReviews"] as? Int == reviewed.count, "\(stats)")
            #expect(day["reviews"] as? Int == reviewed.count, "\(day)")
            #expect((calendar["totals"] as? [String: Any])?["reviews"] as? Int == reviewed.count)
            #expect(topicStats["reviews"] as? Int == reviewed.count)
            // Cards: each card once a day.
            let distinct = Set(reviewed).count
            #expect(distinct < reviewed.count, "the script reviews a card twice")
            #expect(mine["cardsReviewed"] as? Int == distinct, "\(mine)")
            #expect(day["cards"] as? Int == distinct, "\(day)")
            #expect(topic["studied"] as? Int == distinct && topicStats["studied"] as? Int == distinct)
            // XP: the ledger's, today.
            let xp = try #require(me["xpToday"] as? Int)
            #expect(xp > 0)
            #expect(mine["xp"] as? Int == xp && day["xp"] as? Int == xp, "me \(xp), board \(mine), day \(day)")
            // The topic's progress and the streak, wherever they show.
            #expect(topic["known"] as? Int == topicStats["known"] as? Int)
            #expect(topic["due"] as? Int == topicStats["due"] as? Int, "\(topic) \(topicStats)")
            #expect(me["currentStreak"] as? Int == 1)
            #expect((stats["streaks"] as? [String: Any])?["current"] as? Int == 1)
        }
    }

    /// A spaced session of `limit` new cards: the third answer undone and given again, one card in five failed, and
    /// the last card answered, undone and left. Returns the cards of the answers that stand.
    static func spacedSession(_ server: InProcessServer, token: String, limit: Int) async throws -> [Int] {
        let started = try await server.call(
            .POST, "/v1/sessions", token: token, json: #"{"topicIds": [1], "limit": \#(limit)}"#)
        #expect(started.status == 201, "\(started.text)")
        let session = try #require(started.json["id"] as? Int)
        var next = (started.json["next"] as? [String: Any])?["id"] as? Int
        var answered: [Int] = []
        while let card = next, answered.count < limit - 1 {
            let rating = answered.count % 5 == 0 ? "again" : "good"
            if answered.count == 2 {
                let first = try await server.call(
                    .POST, "/v1/sessions/\(session)/answer", token: token,
                    json: #"{"cardId": \#(card), "rating": "easy"}"#)
                #expect(first.status == 200, "\(first.text)")
                let undone = try await server.call(.POST, "/v1/sessions/\(session)/undo", token: token)
                #expect(undone.status == 200, "\(undone.text)")
            }
            let answer = try await server.call(
                .POST, "/v1/sessions/\(session)/answer", token: token,
                json: #"{"cardId": \#(card), "rating": "\#(rating)"}"#)
            #expect(answer.status == 200, "\(answer.text)")
            answered.append(card)
            next = (answer.json["next"] as? [String: Any])?["id"] as? Int
        }
        // The last card answered and taken back: it was not studied today.
        let last = try #require(next, "a session of \(limit) cards has a card after \(answered.count) answers")
        let taken = try await server.call(
            .POST, "/v1/sessions/\(session)/answer", token: token, json: #"{"cardId": \#(last), "rating": "good"}"#)
        #expect(taken.status == 200, "\(taken.text)")
        let back = try await server.call(.POST, "/v1/sessions/\(session)/undo", token: token)
        #expect(back.status == 200, "\(back.text)")
        let ended = try await server.call(.POST, "/v1/sessions/\(session)/end", token: token)
        #expect(ended.status == 200, "\(ended.text)")
        return answered
    }

    /// A free or quiz session of three cards, answered and ended.
    static func practice(_ server: InProcessServer, token: String, mode: String) async throws {
        let started = try await server.call(
            .POST, "/v1/sessions", token: token, json: #"{"topicIds": [1], "limit": 3, "mode": "\#(mode)"}"#)
        #expect(started.status == 201, "\(started.text)")
        let session = try #require(started.json["id"] as? Int)
        var next = (started.json["next"] as? [String: Any])?["id"] as? Int
        var answers = 0
        while let card = next, answers < 3 {
            answers += 1
            let body =
                mode == "quiz"
                ? #"{"cardId": \#(card), "answer": "Answer 1"}"# : #"{"cardId": \#(card), "rating": "good"}"#
            let answer = try await server.call(.POST, "/v1/sessions/\(session)/answer", token: token, json: body)
            #expect(answer.status == 200, "\(answer.text)")
            next = (answer.json["next"] as? [String: Any])?["id"] as? Int
        }
        _ = try await server.call(.POST, "/v1/sessions/\(session)/end", token: token)
    }
}
