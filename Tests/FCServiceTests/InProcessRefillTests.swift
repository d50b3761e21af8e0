import FCCore
import FCPipeline
import FCStore
import FCTestSupport
import Foundation
import NIOHTTP1
import Testing

/// `fcgen serve --workers N`: the refill job the feed enqueues runs beside the service, in its process.
@Suite("the service: in-process refill worker (in process, on a socket)")
struct InProcessRefillTests {
    @Test("the feed's refill job is run by the in-process worker; at the batch cap no more are enqueued")
    func refillRunsInProcess() async throws {
        let fixture = try await ServiceUnderTest(seeded: false)
        try await fixture.generateOffline(topic: "Roman history", batches: 1)
        let rome = try #require(try await Topics.named(on: fixture.store, "Roman history"))
        try await Topics.setPolicy(
            on: fixture.store,
            TopicPolicy(refillBelow: 20, batchSize: 5, maxBatches: 2), topicID: rome.id)
        let learner = fixture.learnerToken
        try await fixture.serveLive(workers: 1, refillInterval: .seconds(1)) { server in

            let feed = try await server.call(.GET, "/v1/topics/1/feed?limit=2", token: learner)
            #expect(feed.status == 200, "\(feed.text)")
            var batches = 1
            // Polls the topic until the worker has stored the second batch (``TestPatience``: a hang guard, not a
            // timing assertion).
            let deadline = ContinuousClock.now + TestPatience.duration
            while batches < 2 && ContinuousClock.now < deadline {
                try await Task.sleep(for: .milliseconds(250))
                let topic = try await server.call(.GET, "/v1/topics/1", token: learner)
                batches = (topic.json["topic"] as? [String: Any])?["batches"] as? Int ?? 0
            }
            #expect(batches == 2)
            let after = try await server.call(.GET, "/v1/topics/1/feed?limit=2", token: learner)
            #expect(after.json["refilling"] as? Bool == false, "\(after.text)")
            #expect(after.json["exhausted"] as? Bool == false)
        }
        let jobs = try await RefillJobs.list(on: fixture.store)
        #expect(jobs.contains { $0.status == .done }, "\(jobs)")
    }
}
