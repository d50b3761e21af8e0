import FCTestSupport
import Foundation
import NIOHTTP1
import Testing

/// The feed: due cards first, then new ones, never fallback cards; a refill job when the learner's unseen stock
/// runs low, never generation inside the request.
@Suite("fcgen serve: the feed", .serialized)
struct FeedTests {
    @Test("due first, a refill job enqueued once below the threshold, fallback-only topics exhausted")
    func feed() async throws {
        let fixture = try ServiceFixture()
        #expect(try await fixture.fcgen(["--topic", "Roman history", "--batches", "1", "--offline"]).status == 0)
        #expect(
            try await fixture.fcgen(["topic", "set", "Roman history", "--refill-below", "20", "--batch-size", "5"])
                .status == 0)
        // A topic without recorded replies gets templated fallback cards: stored, never studied.
        #expect(try await fixture.fcgen(["--topic", "Basket weaving", "--batches", "1", "--offline"]).status == 0)
        let learner = try await fixture.token(user: "ana")
        // "Again" brings a card back in minutes: in a zone where it is daytime, still today whatever the hour.
        let zone = DaytimeZone.identifier()
        #expect(try await fixture.fcgen(["user", "set", "--user", "ana", "--tz", zone]).status == 0)
        let server = try await fixture.serve()

        let first = try await server.call(.GET, "/v1/topics/1/feed?limit=5", token: learner)
        let cards = try #require(first.json["cards"] as? [[String: Any]])
        #expect(cards.count == 5)
        #expect(first.json["refilling"] as? Bool == true)
        #expect(first.json["exhausted"] as? Bool == false)
        let jobs = try await fixture.fcgen(["jobs", "--json"])
        #expect(try Self.jobs(jobs.stdout).map { $0["status"] as? String } == ["queued"], "\(jobs.stdout)")

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
        let jobsAfter = try await fixture.fcgen(["jobs", "--json"])
        #expect(try Self.jobs(jobsAfter.stdout).count == 1, "\(jobsAfter.stdout)")

        let fallback = try await server.call(.GET, "/v1/topics/2/feed", token: learner)
        #expect(fallback.status == 200, "\(fallback.text)")
        #expect((fallback.json["cards"] as? [Any])?.isEmpty == true)
        #expect(fallback.json["exhausted"] as? Bool == true)
        #expect(fallback.json["refilling"] as? Bool == false)
        expectProblem(
            try await server.call(.GET, "/v1/topics/77/feed", token: learner), status: 404, code: "not_found")
        #expect(await server.stop() == 0)
    }

    /// The jobs of a `fcgen jobs --json` document.
    static func jobs(_ stdout: String) throws -> [[String: Any]] {
        let object = try JSONSerialization.jsonObject(with: Data(stdout.utf8)) as? [String: Any]
        return try #require(object?["jobs"] as? [[String: Any]])
    }

    @Test("fcgen token create prints the token alone on stdout; --expires sets an expiry")
    func tokenCreateOutput() async throws {
        let fixture = try ServiceFixture()
        try await fixture.ensureDatabase(user: "ana")
        let created = try await fixture.fcgen(["token", "create", "--user", "ana", "--expires", "30d"])
        #expect(created.status == 0)
        let token = created.stdout.trimmingCharacters(in: .newlines)
        #expect(token.hasPrefix("fcg_") && token.count == 47)
        #expect(!created.stderr.contains(token))
        let list = try await fixture.fcgen(["token", "list", "--json"])
        #expect(list.stdout.contains("expiresAt"))
        #expect(!list.stdout.contains(token))
        #expect(try await fixture.fcgen(["token", "create", "--expires", "soon"]).status == 64)
    }
}
