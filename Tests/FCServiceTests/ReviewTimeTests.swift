import FCCore
import FCPipeline
import FCStore
import Foundation
import NIOHTTP1
import Testing

/// Review times over HTTP: a given `at` out of range is refused naming its field (in the future `400 bad_request`,
/// before the card or its last review `422 bad_input`); a review without `at` is dated by the server and never
/// refused for its time, however many arrive at once (a stress check: it asserts outcomes, never durations).
@Suite("the service: review times (in process)")
struct ReviewTimeTests {
    private static func date(_ text: String?) throws -> Date {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return try #require(text.flatMap(formatter.date(from:)), "not a time: \(text ?? "nil")")
    }

    /// The card as the topic's card page lists it for `token`'s learner (with their `progress` once studied).
    private static func card(_ id: Int, _ server: InProcessServer, token: String) async throws -> [String: Any] {
        let page = try await server.call(.GET, "/v1/topics/1/cards?limit=200", token: token)
        let cards = page.json["cards"] as? [[String: Any]] ?? []
        return try #require(cards.first { $0["id"] as? Int == id }, "card \(id) in \(page.text)")
    }

    private static func text(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.string(from: date)
    }

    @Test("an at before the card or its last review is 422 bad_input naming at or reviews[i].at; in the future 400")
    func refusedTimesNameTheirField() async throws {
        let fixture = try await ServiceUnderTest(seeded: false)
        try await fixture.generateOffline(topic: "Roman history", batches: 1)
        let ana = try await fixture.token(user: "ana")
        try await fixture.serve { server in
            let feed = try await server.call(.GET, "/v1/topics/1/feed?limit=3", token: ana)
            let ids = try #require((feed.json["cards"] as? [[String: Any]])?.compactMap { $0["id"] as? Int })
            try #require(ids.count == 3)
            let created = try Self.date(try await Self.card(ids[0], server, token: ana)["createdAt"] as? String)
            var keys = 0
            func review(_ json: String, batch: Bool = false) async throws -> Reply {
                keys += 1
                return try await server.call(
                    .POST, batch ? "/v1/reviews/batch" : "/v1/reviews", token: ana, json: json,
                    headers: [("Idempotency-Key", "time-\(keys)")])
            }

            let early = Self.text(created.addingTimeInterval(-3_600))
            let beforeCard = try await review(#"{"cardId": \#(ids[0]), "rating": "good", "at": "\#(early)"}"#)
            expectProblem(beforeCard, status: 422, code: "bad_input", field: "at")
            #expect((beforeCard.json["detail"] as? String)?.contains("is before card \(ids[0]) existed") == true)
            let inBatch = try await review(
                #"{"reviews": [{"cardId": \#(ids[1]), "rating": "good"}, {"cardId": \#(ids[0]), "rating": "good", "at": "\#(early)"}]}"#,
                batch: true)
            expectProblem(inBatch, status: 422, code: "bad_input", field: "reviews[1].at")
            #expect((inBatch.json["detail"] as? String)?.hasPrefix("reviews[1].at ") == true)

            let future = Self.text(Date().addingTimeInterval(86_400))
            let ahead = try await review(#"{"cardId": \#(ids[0]), "rating": "good", "at": "\#(future)"}"#)
            expectProblem(ahead, status: 400, code: "bad_request", field: "at")
            #expect((ahead.json["detail"] as? String)?.contains("is in the future") == true)
            expectProblem(
                try await review(
                    #"{"reviews": [{"cardId": \#(ids[0]), "rating": "good", "at": "\#(future)"}]}"#, batch: true),
                status: 400, code: "bad_request", field: "reviews[0].at")

            // Nothing of the refused requests was stored: the card has no review yet.
            #expect(try await Self.card(ids[0], server, token: ana)["progress"] as? [String: Any] == nil)

            // Before the learner's last review of it (after the card was made): 422 too.
            let first = try await review(#"{"cardId": \#(ids[0]), "rating": "good"}"#)
            #expect(first.status == 201, "\(first.text)")
            let last = try Self.date((first.json["review"] as? [String: Any])?["reviewedAt"] as? String)
            try #require(last.timeIntervalSince(created) > 0.002)
            let between = Self.text(created.addingTimeInterval(last.timeIntervalSince(created) / 2))
            let beforeLast = try await review(#"{"cardId": \#(ids[0]), "rating": "good", "at": "\#(between)"}"#)
            expectProblem(beforeLast, status: 422, code: "bad_input", field: "at")
            #expect((beforeLast.json["detail"] as? String)?.contains("last review of card \(ids[0])") == true)
        }
    }

    @Test("200 reviews of one card at once without at: every one 201, all recorded, the log in time order")
    func concurrentReviewsOfOneCardWithServerTime() async throws {
        let fixture = try await ServiceUnderTest(seeded: false)
        try await fixture.generateOffline(topic: "Roman history", batches: 1)
        let ana = try await fixture.token(user: "ana")
        try await fixture.serve { server in
            let feed = try await server.call(.GET, "/v1/topics/1/feed?limit=1", token: ana)
            let cardID = try #require((feed.json["cards"] as? [[String: Any]])?.first?["id"] as? Int)
            let count = 200
            let replies = try await withThrowingTaskGroup(of: Reply.self) { group in
                for index in 0..<count {
                    group.addTask {
                        try await server.call(
                            .POST, "/v1/reviews", token: ana,
                            json: #"{"cardId": \#(cardID), "rating": "\#(index % 3 == 0 ? "hard" : "good")"}"#,
                            headers: [("Idempotency-Key", "race-\(index)")])
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(replies.count == count)
            let refused = replies.filter { $0.status != 201 }
            #expect(refused.isEmpty, "\(refused.count) refused, e.g. \(refused.first?.text ?? "")")
            let progress = try await Self.card(cardID, server, token: ana)["progress"] as? [String: Any]
            #expect(progress?["reps"] as? Int == count)

            let store = fixture.store
            let user = try #require(try await Learners.named(on: store, "ana"))
            #expect(try await store.reviewLog(userID: user.id, cardID: Int64(cardID)).count == count)
            // Recorded in time order: no review is dated before one recorded ahead of it.
            let outOfOrder = try await store.scalarInteger(
                """
                SELECT COUNT(*) FROM reviews a JOIN reviews b
                    ON b.user_id = a.user_id AND b.card_id = a.card_id AND b.id > a.id AND b.reviewed_at < a.reviewed_at
                """)
            #expect(outOfOrder == 0)
        }
    }
}
