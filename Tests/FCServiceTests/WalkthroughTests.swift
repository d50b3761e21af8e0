import FCStore
import FCTestSupport
import Foundation
import NIOHTTP1
import Testing

/// Every route of the service as `fcgen serve` builds it, each response checked against the
/// OpenAPI document's schema, and the auth matrix.
@Suite("the service: routes and auth (in process)")
struct WalkthroughTests {
    @Test("every route answers per the document; learner, admin and no token get what they may")
    func walkthrough() async throws {
        let fixture = try await ServiceUnderTest(seeded: false)
        try await fixture.generateOffline(topic: "Roman history", batches: 1)
        let (learner, admin) = (fixture.learnerToken, fixture.adminToken)
        let check = OpenAPICheck()
        // The request lines as `fcgen serve --log-format json` writes them to stderr.
        let logged = LogLines()
        try await fixture.serve(logger: logged.jsonLogger) { server in

            check.add(try await server.call(.GET, "/healthz"), "Health", label: "healthz")
            let ready = check.add(try await server.call(.GET, "/readyz"), "Ready", label: "readyz")
            #expect(ready.status == 200)
            #expect(ready.json["migration"] as? Int == Migration.latestVersion)

            // No token, a wrong token, a learner on an admin route.
            let anonymous = try await server.call(.GET, "/v1/topics")
            expectProblem(anonymous, status: 401, code: "unauthorized")
            #expect(anonymous.headers.first(name: "WWW-Authenticate")?.hasPrefix("Bearer") == true)
            check.add(anonymous, "Problem", label: "401")
            expectProblem(
                try await server.call(.GET, "/v1/me", token: "fcg_not-a-token"), status: 401, code: "unauthorized")
            let forbidden = try await server.call(.POST, "/v1/topics", token: learner, json: #"{"name": "Chemistry"}"#)
            expectProblem(forbidden, status: 403, code: "forbidden")
            expectProblem(
                try await server.call(.DELETE, "/v1/topics/1", token: learner), status: 403, code: "forbidden")

            // Topics.
            let list = check.add(
                try await server.call(.GET, "/v1/topics", token: learner), "TopicList", label: "topics")
            let topics = try #require(list.json["topics"] as? [[String: Any]])
            let rome = try #require(topics.first { $0["name"] as? String == "Roman history" })
            let romeID = try #require(rome["id"] as? Int)
            let created = check.add(
                try await server.call(
                    .POST, "/v1/topics", token: admin, json: #"{"name": "Chemistry", "refillBelow": 5, "batchSize": 3}"#
                ),
                "TopicDetail", label: "create")
            #expect(created.status == 201, "\(created.text)")
            let chemistryID = try #require((created.json["topic"] as? [String: Any])?["id"] as? Int)
            expectProblem(
                try await server.call(.POST, "/v1/topics", token: admin, json: #"{"name": "chemistry"}"#), status: 409,
                code: "conflict")
            let shown = check.add(
                try await server.call(.GET, "/v1/topics/\(romeID)", token: learner), "TopicDetail", label: "show")
            #expect(shown.status == 200)
            #expect(shown.json["progressPercent"] as? Double == 0)
            expectProblem(
                try await server.call(.GET, "/v1/topics/99999", token: learner), status: 404, code: "not_found")
            let renamed = check.add(
                try await server.call(.PATCH, "/v1/topics/\(chemistryID)", token: admin, json: #"{"name": "Chem"}"#),
                "TopicDetail", label: "rename")
            #expect((renamed.json["topic"] as? [String: Any])?["name"] as? String == "Chem")

            // The feed and a review.
            let feed = check.add(
                try await server.call(.GET, "/v1/topics/\(romeID)/feed?limit=3", token: learner), "Feed", label: "feed")
            let cards = try #require(feed.json["cards"] as? [[String: Any]])
            #expect(cards.count == 3)
            let cardID = try #require(cards.first?["id"] as? Int)
            let review = check.add(
                try await server.call(
                    .POST, "/v1/reviews", token: learner, json: #"{"cardId": \#(cardID), "rating": "good"}"#,
                    headers: [("Idempotency-Key", "walk-1")]),
                "ReviewResult", label: "review")
            #expect(review.status == 201, "\(review.text)")
            let batch = check.add(
                try await server.call(
                    .POST, "/v1/reviews/batch", token: learner,
                    json: #"{"reviews": [{"cardId": \#(cards[1]["id"] as? Int ?? 0), "rating": 3}]}"#,
                    headers: [("Idempotency-Key", "walk-2")]),
                "ReviewBatchResult", label: "batch")
            #expect(batch.status == 201, "\(batch.text)")
            let me = check.add(try await server.call(.GET, "/v1/me", token: learner), "Me", label: "me")
            #expect(me.json["name"] as? String == "ana")
            #expect((me.json["totalXP"] as? Int ?? 0) > 0)

            let deleted = check.add(
                try await server.call(.DELETE, "/v1/topics/\(chemistryID)", token: admin), "TopicDeleted",
                label: "delete")
            #expect(deleted.status == 200)
            expectProblem(
                try await server.call(.DELETE, "/v1/topics/\(romeID)", token: admin), status: 409, code: "conflict")
            expectProblem(try await server.call(.GET, "/v1/nowhere", token: learner), status: 404, code: "not_found")

            let metrics = try await server.call(.GET, "/metrics")
            #expect(
                metrics.text.contains(
                    #"fcgen_http_requests_total{method="GET",route="/v1/topics/{id}/feed",status="200"}"#)
            )
            #expect(metrics.text.contains("fcgen_http_request_duration_seconds_bucket"))
            let served = try await server.call(.GET, "/openapi.json")
            let committed = try Data(contentsOf: Repository.root.appendingPathComponent("docs/openapi.json"))
            #expect(
                try JSONSerialization.jsonObject(with: Data(served.text.utf8)) as? NSDictionary
                    == JSONSerialization.jsonObject(with: committed) as? NSDictionary)

        }
        try await check.validate(in: fixture.directory)
        // One JSON line per request with the route template, never a token.
        let lines = logged.lines.filter { $0.contains(#""event":"request""#) }
        #expect(lines.count >= 20)
        #expect(lines.contains { $0.contains(#""route":"/v1/topics/{id}""#) && $0.contains(#""user":"#) })
        for secret in [learner, admin] {
            #expect(!logged.lines.contains { $0.contains(secret) })
            let database = try Data(contentsOf: URL(fileURLWithPath: fixture.database.path))
            #expect(database.range(of: Data(secret.utf8)) == nil)
            let wal = try? Data(contentsOf: URL(fileURLWithPath: fixture.database.path + "-wal"))
            #expect(wal?.range(of: Data(secret.utf8)) == nil)
        }
    }
}
