import FCTestSupport
import Foundation
import NIOHTTP1
import Testing

/// `fcgen serve --workers N`: the refill job the feed enqueues runs in the server's own process.
@Suite("fcgen serve: in-process refill worker", .serialized)
struct InProcessRefillTests {
    @Test("the feed's refill job is run by the in-process worker; at the batch cap no more are enqueued")
    func refillRunsInProcess() async throws {
        let fixture = try ServiceFixture()
        #expect(try await fixture.fcgen(["--topic", "Roman history", "--batches", "1", "--offline"]).status == 0)
        let policy = ["--refill-below", "20", "--batch-size", "5", "--max-batches", "2"]
        #expect(try await fixture.fcgen(["topic", "set", "Roman history"] + policy).status == 0)
        let learner = try await fixture.token(user: "ana")
        let server = try await fixture.serve(["--workers", "1", "--refill-interval", "1"])

        let feed = try await server.call(.GET, "/v1/topics/1/feed?limit=2", token: learner)
        #expect(feed.status == 200, "\(feed.text)")
        var batches = 1
        // Polls the topic until the worker has stored the second batch (a bound, not a timing assertion).
        for _ in 0..<480 where batches < 2 {
            try await Task.sleep(for: .milliseconds(250))
            let topic = try await server.call(.GET, "/v1/topics/1", token: learner)
            batches = (topic.json["topic"] as? [String: Any])?["batches"] as? Int ?? 0
        }
        #expect(batches == 2, "\(server.process.standardError)")
        let after = try await server.call(.GET, "/v1/topics/1/feed?limit=2", token: learner)
        #expect(after.json["refilling"] as? Bool == false, "\(after.text)")
        #expect(after.json["exhausted"] as? Bool == false)
        #expect(await server.stop() == 0, "\(server.process.standardError)")
        let jobs = try await fixture.fcgen(["jobs", "--json"])
        #expect(jobs.stdout.contains("done"), "\(jobs.stdout)")
    }
}
