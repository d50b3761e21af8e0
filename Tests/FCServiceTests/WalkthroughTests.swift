import FCStore
import FCTestSupport
import Foundation
import NIOHTTP1
import Testing

/// Every route of `fcgen serve` over loopback HTTP against the built binary, each response checked against the
/// OpenAPI document's schema, and the auth matrix.
@Suite("fcgen serve: routes and auth", .serialized)
struct WalkthroughTests {
    @Test("every route answers per the document; learner, admin and no token get what they may")
    func walkthrough() async throws {
        let fixture = try ServiceFixture()
        let generated = try await fixture.fcgen(["--topic", "Roman history", "--batches", "1", "--offline"])
        #expect(generated.status == 0, "\(generated.stderr)")
        let learner = try await fixture.token(user: "ana")
        let admin = try await fixture.token(user: "ops", admin: true)
        let server = try await fixture.serve(["--log-format", "json"])
        let check = OpenAPICheck()

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
        let list = check.add(try await server.call(.GET, "/v1/topics", token: learner), "TopicList", label: "topics")
        let topics = try #require(list.json["topics"] as? [[String: Any]])
        let rome = try #require(topics.first { $0["name"] as? String == "Roman history" })
        let romeID = try #require(rome["id"] as? Int)
        let created = check.add(
            try await server.call(
                .POST, "/v1/topics", token: admin, json: #"{"name": "Chemistry", "refillBelow": 5, "batchSize": 3}"#),
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
        expectProblem(try await server.call(.GET, "/v1/topics/99999", token: learner), status: 404, code: "not_found")
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
            try await server.call(.DELETE, "/v1/topics/\(chemistryID)", token: admin), "TopicDeleted", label: "delete")
        #expect(deleted.status == 200)
        expectProblem(
            try await server.call(.DELETE, "/v1/topics/\(romeID)", token: admin), status: 409, code: "conflict")
        expectProblem(try await server.call(.GET, "/v1/nowhere", token: learner), status: 404, code: "not_found")

        let metrics = try await server.call(.GET, "/metrics")
        #expect(
            metrics.text.contains(#"fcgen_http_requests_total{method="GET",route="/v1/topics/{id}/feed",status="200"}"#)
        )
        #expect(metrics.text.contains("fcgen_http_request_duration_seconds_bucket"))
        let served = try await server.call(.GET, "/openapi.json")
        let committed = try Data(contentsOf: ServiceFixture.repositoryRoot.appendingPathComponent("docs/openapi.json"))
        #expect(
            try JSONSerialization.jsonObject(with: Data(served.text.utf8)) as? NSDictionary
                == JSONSerialization.jsonObject(with: committed) as? NSDictionary)

        #expect(await server.stop() == 0)
        try await check.validate(in: fixture.directory)
        // One JSON line per request with the route template, never a token.
        let lines = server.process.standardError.split(separator: "\n").filter { $0.contains(#""event":"request""#) }
        #expect(lines.count >= 20)
        #expect(lines.contains { $0.contains(#""route":"/v1/topics/{id}""#) && $0.contains(#""user":"#) })
        for secret in [learner, admin] {
            #expect(!server.process.standardError.contains(secret))
            let database = try Data(contentsOf: URL(fileURLWithPath: fixture.databasePath))
            #expect(database.range(of: Data(secret.utf8)) == nil)
            let wal = try? Data(contentsOf: URL(fileURLWithPath: fixture.databasePath + "-wal"))
            #expect(wal?.range(of: Data(secret.utf8)) == nil)
        }
    }
}
