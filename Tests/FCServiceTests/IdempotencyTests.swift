import FCCore
import FCPipeline
import FCStore
import Foundation
import NIOHTTP1
import Testing

/// `Idempotency-Key`: retries, even concurrent ones, record one review and pay XP once.
@Suite("the service: idempotent reviews (in process)")
struct IdempotencyTests {
    @Test("8 concurrent POSTs with one key: one review row, the same body each time, XP paid once")
    func concurrentRetries() async throws {
        let fixture = try await ServiceUnderTest(seeded: false)
        try await fixture.generateOffline(topic: "Roman history", batches: 1)
        let learner = try await fixture.token(user: "ana")
        try await fixture.serve { server in
            let feed = try await server.call(.GET, "/v1/topics/1/feed?limit=1", token: learner)
            let cardID = try #require((feed.json["cards"] as? [[String: Any]])?.first?["id"] as? Int)
            let body = #"{"cardId": \#(cardID), "rating": "good", "durationMs": 1200}"#
            let replies = try await withThrowingTaskGroup(of: Reply.self) { group in
                for _ in 0..<8 {
                    group.addTask {
                        try await server.call(
                            .POST, "/v1/reviews", token: learner, json: body, headers: [("Idempotency-Key", "retry-me")]
                        )
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(replies.allSatisfy { $0.status == 201 })
            #expect(Set(replies.map(\.text)).count == 1)
            #expect(replies.filter { $0.headers.first(name: "Idempotent-Replayed") == "false" }.count == 1)
            let xp = try #require((replies[0].json["review"] as? [String: Any])?["xpGained"] as? Int)
            let me = try await server.call(.GET, "/v1/me", token: learner)
            #expect(me.json["totalXP"] as? Int == xp)

            // The same key for another request is refused; another learner's same key is their own.
            expectProblem(
                try await server.call(
                    .POST, "/v1/reviews", token: learner, json: #"{"cardId": \#(cardID), "rating": "easy"}"#,
                    headers: [("Idempotency-Key", "retry-me")]),
                status: 409, code: "conflict")
            let other = try await fixture.token(user: "bo")
            #expect(
                try await server.call(
                    .POST, "/v1/reviews", token: other, json: body, headers: [("Idempotency-Key", "retry-me")]
                ).status == 201)

            let store = fixture.store
            let ana = try #require(try await Learners.named(on: store, "ana"))
            #expect(try await store.reviewLog(userID: ana.id, cardID: Int64(cardID)).count == 1)
        }
    }

    @Test("30 reviews of 6 learners at once, one for a missing card: each gets its own answer, the bad one alone fails")
    func concurrentLearnersShareCommits() async throws {
        let fixture = try await ServiceUnderTest(seeded: false)
        try await fixture.generateOffline(topic: "Roman history", batches: 1)
        var learners: [String] = []
        for index in 0..<6 { learners.append(try await fixture.token(user: "learner\(index)")) }
        let tokens = learners
        try await fixture.serve { server in
            let feed = try await server.call(.GET, "/v1/topics/1/feed?limit=5", token: tokens[0])
            let cardIDs = try #require((feed.json["cards"] as? [[String: Any]])?.compactMap { $0["id"] as? Int })
            #expect(cardIDs.count == 5)
            let replies = try await withThrowingTaskGroup(of: (Int, Int, Reply).self) { group in
                for (learner, token) in tokens.enumerated() {
                    for cardID in cardIDs + (learner == 2 ? [999_999] : []) {
                        group.addTask {
                            let reply = try await server.call(
                                .POST, "/v1/reviews", token: token, json: #"{"cardId": \#(cardID), "rating": "good"}"#,
                                headers: [("Idempotency-Key", "k-\(learner)-\(cardID)")])
                            return (learner, cardID, reply)
                        }
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(replies.count == 31)
            for (_, cardID, reply) in replies {
                #expect(reply.status == (cardID == 999_999 ? 404 : 201), "card \(cardID): \(reply.text)")
            }
            for (learner, token) in tokens.enumerated() {
                let mine = replies.filter { $0.0 == learner && $0.2.status == 201 }
                #expect(mine.count == 5)
                let earned = mine.compactMap { ($0.2.json["review"] as? [String: Any])?["xpGained"] as? Int }.reduce(
                    0, +)
                let me = try await server.call(.GET, "/v1/me", token: token)
                #expect(me.json["totalXP"] as? Int == earned, "learner \(learner)")
            }
            let store = fixture.store
            #expect(try await store.scalarInteger("SELECT COUNT(*) FROM reviews") == 30)
        }
    }
}
