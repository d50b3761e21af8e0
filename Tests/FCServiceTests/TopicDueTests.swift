import FCPipeline
import FCStore
import FCTestSupport
import Foundation
import NIOHTTP1
import Testing

/// "Due" means one thing in every document: due by the end of the learner's local day. The topic detail once counted
/// cards due at the moment of the request, so a card failed a minute ago showed as due in statistics and not on its
/// topic.
@Suite("the service: a topic's due count is due today, as in statistics (in process)")
struct TopicDueTests {
    @Test("a card due later today counts as due in GET /v1/topics/{id} and in GET /v1/stats")
    func dueLaterToday() async throws {
        let fixture = try await ServiceUnderTest(cards: 3)
        let store = fixture.store
        // "Again" brings a card back in minutes: in a zone where it is daytime, that is later today.
        let ana = try #require(try await Learners.named(on: store, "ana"))
        try await Learners.setTimeZone(on: store, DaytimeZone.identifier(), userID: ana.id)
        let card = try #require(fixture.cardIDs.first)
        try await fixture.serve { server in
            let review = try await server.call(
                .POST, "/v1/reviews", token: fixture.learnerToken, json: #"{"cardId": \#(card), "rating": "again"}"#,
                headers: [("Idempotency-Key", "due-later-today")])
            #expect(review.status == 201, "\(review.text)")
            let dueAt = try #require((review.json["review"] as? [String: Any])?["due"] as? String)
            let parser = ISO8601DateFormatter()
            parser.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
            let due = try #require(parser.date(from: dueAt), "\(dueAt)")
            #expect(due > Date(), "the failed card should come back later, not at once: \(review.text)")

            let detail = try await server.call(.GET, "/v1/topics/\(fixture.topicID)", token: fixture.learnerToken)
            #expect(detail.status == 200, "\(detail.text)")
            let stats = try await server.call(
                .GET, "/v1/stats?topicId=\(fixture.topicID)", token: fixture.learnerToken)
            let topic = try #require((stats.json["topics"] as? [[String: Any]])?.first)
            #expect(topic["due"] as? Int == 1, "\(stats.text)")
            #expect(detail.json["due"] as? Int == 1, "\(detail.text)")
            #expect(detail.json["new"] as? Int == 2)
            #expect(detail.json["studied"] as? Int == 1)
        }
    }
}
