import FCCore
import FCPipeline
import FCStore
import FCTestSupport
import Foundation
import NIOHTTP1
import Testing

/// The feed: due cards first, then new ones, never fallback cards; a refill job when the learner's unseen stock
/// runs low, never generation inside the request.
@Suite("the service: the feed (in process)")
struct FeedTests {
    @Test("due first, a refill job enqueued once below the threshold, fallback-only topics exhausted")
    func feed() async throws {
        let fixture = try await ServiceUnderTest(seeded: false)
        try await fixture.generateOffline(topic: "Roman history", batches: 1)
        let store = fixture.store
        let rome = try #require(try await Topics.named(on: store, "Roman history"))
        try await Topics.setPolicy(on: store, TopicPolicy(refillBelow: 20, batchSize: 5), topicID: rome.id)
        // A topic without recorded replies gets templated fallback cards: stored, never studied.
        try await fixture.generateOffline(topic: "Basket weaving", batches: 1)
        let learner = fixture.learnerToken
        // "Again" brings a card back in minutes: in a zone where it is daytime, still today whatever the hour.
        let ana = try #require(try await Learners.named(on: store, "ana"))
        try await Learners.setTimeZone(on: store, DaytimeZone.identifier(), userID: ana.id)
        try await fixture.serve { server in
            let first = try await server.call(.GET, "/v1/topics/1/feed?limit=5", token: learner)
            let cards = try #require(first.json["cards"] as? [[String: Any]])
            #expect(cards.count == 5)
            #expect(first.json["refilling"] as? Bool == true)
            #expect(first.json["exhausted"] as? Bool == false)
            #expect(try await RefillJobs.list(on: store).map(\.status) == [.queued])

            // An answer rated "again" comes back today: it leads the next feed, and no second job is enqueued.
            let lastID = try #require(cards.last?["id"] as? Int)
            let review = try await server.call(
                .POST, "/v1/reviews", token: learner, json: #"{"cardId": \#(lastID), "rating": "again"}"#,
                headers: [("Idempotency-Key", "feed-1")])
            #expect(review.status == 201, "\(review.text)")
            let second = try await server.call(.GET, "/v1/topics/1/feed?limit=5", token: learner)
            let again = try #require(second.json["cards"] as? [[String: Any]])
            #expect(again.first?["id"] as? Int == lastID)
            #expect(second.json["refilling"] as? Bool == true)
            #expect(try await RefillJobs.list(on: store).count == 1)

            let fallback = try await server.call(.GET, "/v1/topics/2/feed", token: learner)
            #expect(fallback.status == 200, "\(fallback.text)")
            #expect((fallback.json["cards"] as? [Any])?.isEmpty == true)
            #expect(fallback.json["exhausted"] as? Bool == true)
            #expect(fallback.json["refilling"] as? Bool == false)
            expectProblem(
                try await server.call(.GET, "/v1/topics/77/feed", token: learner), status: 404, code: "not_found")
        }
    }

}
