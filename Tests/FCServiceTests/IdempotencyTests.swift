import FCCore
import FCStore
import Foundation
import NIOHTTP1
import Testing

/// `Idempotency-Key`: retries, even concurrent ones, record one review and pay XP once.
@Suite("fcgen serve: idempotent reviews", .serialized)
struct IdempotencyTests {
    @Test("8 concurrent POSTs with one key: one review row, the same body each time, XP paid once")
    func concurrentRetries() async throws {
        let fixture = try ServiceFixture()
        #expect(try await fixture.fcgen(["--topic", "Roman history", "--batches", "1", "--offline"]).status == 0)
        let learner = try await fixture.token(user: "ana")
        let server = try await fixture.serve()
        let feed = try await server.call(.GET, "/v1/topics/1/feed?limit=1", token: learner)
        let cardID = try #require((feed.json["cards"] as? [[String: Any]])?.first?["id"] as? Int)
        let body = #"{"cardId": \#(cardID), "rating": "good", "durationMs": 1200}"#
        let replies = try await withThrowingTaskGroup(of: Reply.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    try await server.call(
                        .POST, "/v1/reviews", token: learner, json: body, headers: [("Idempotency-Key", "retry-me")])
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
        #expect(await server.stop() == 0)

        let store = try Store(existingAt: fixture.databasePath, now: .system)
        let ana = try #require(try await store.user(named: "ana"))
        #expect(try await store.reviewLog(userID: ana.id, cardID: Int64(cardID)).count == 1)
    }
}
