import FCCore
import FCPipeline
import FCStore
import FCTestSupport
import Foundation
import Testing

/// The refill rule and idempotent enqueueing.
struct RefillRuleTests {
    private func subscribedTopic(
        _ store: Store, _ name: String = "Rome", policy: TopicPolicy = TopicPolicy(refillBelow: 20, batchSize: 15)
    ) async throws -> Topic {
        let topic = try await Topics.ensure(on: store, named: name)
        try await Topics.setPolicy(on: store, policy, topicID: topic.id)
        return topic
    }

    @Test func aTopicBelowItsThresholdGetsExactlyOneJobHoweverOftenItIsEnqueued() async throws {
        let database = await TemporaryDatabase.make()
        let store = try await Store.open(path: database.path, now: Fixtures.now)
        let topic = try await subscribedTopic(store)
        _ = try await BatchStorage.store(
            on: store, Fixtures.batch(topicID: topic.id, number: 1, cards: Fixtures.drafts(5)))

        let first = try await RefillJobs.enqueueDue(on: store, maxAttempts: 3)
        let second = try await RefillJobs.enqueueDue(on: store, maxAttempts: 3)

        #expect(first.map(\.topicID) == [topic.id])
        #expect(first.first?.status == .queued)
        #expect(first.first?.maxAttempts == 3)
        #expect(second.isEmpty)
        #expect(try await RefillJobs.list(on: store).count == 1)
    }

    @Test func twoStoresEnqueueingAtOnceStillMakeOneJobPerTopic() async throws {
        let database = await TemporaryDatabase.make()
        let first = try await Store.open(path: database.path, now: Fixtures.now)
        let second = try await Store.open(path: database.path, now: Fixtures.now)
        for index in 1...10 { _ = try await subscribedTopic(first, "Topic \(index)") }

        async let a = RefillJobs.enqueueDue(on: first, maxAttempts: 3)
        async let b = RefillJobs.enqueueDue(on: second, maxAttempts: 3)
        let total = try await a.count + b.count

        #expect(total == 10)
        #expect(try await first.scalarInteger("SELECT COUNT(DISTINCT topic_id) FROM jobs") == 10)
        #expect(try await RefillJobs.list(on: first).count == 10)
    }

    @Test func aTopicAtOrAboveItsThresholdGetsNoJob() async throws {
        let database = await TemporaryDatabase.make()
        let store = try await Store.open(path: database.path, now: Fixtures.now)
        let topic = try await subscribedTopic(store, policy: TopicPolicy(refillBelow: 5, batchSize: 5))
        _ = try await BatchStorage.store(
            on: store, Fixtures.batch(topicID: topic.id, number: 1, cards: Fixtures.drafts(5)))

        #expect(try await RefillJobs.enqueueDue(on: store, maxAttempts: 3).isEmpty)
        #expect(try await Topics.refillStatus(on: store, topicID: topic.id).isRefillDue == false)
    }

    @Test func maxBatchesStopsRefills() async throws {
        let database = await TemporaryDatabase.make()
        let store = try await Store.open(path: database.path, now: Fixtures.now)
        let topic = try await subscribedTopic(
            store, policy: TopicPolicy(refillBelow: 100, batchSize: 5, maxBatches: 2))
        _ = try await BatchStorage.store(
            on: store, Fixtures.batch(topicID: topic.id, number: 1, cards: Fixtures.drafts(5)))
        #expect(try await Topics.refillStatus(on: store, topicID: topic.id).isRefillDue)

        _ = try await BatchStorage.store(
            on: store, Fixtures.batch(topicID: topic.id, number: 2, cards: Fixtures.drafts(5, prefix: "Two")))

        #expect(try await RefillJobs.enqueueDue(on: store, maxAttempts: 3).isEmpty)
        let status = try await Topics.refillStatus(on: store, topicID: topic.id)
        #expect(status.isRefillDue == false)
        #expect(status.batchCount == 2)
        #expect(status.unstudiedCount == 10)
    }

    @Test func anUnsubscribedTopicIsNeverRefilled() async throws {
        let database = await TemporaryDatabase.make()
        let store = try await Store.open(path: database.path, now: Fixtures.now)
        let topic = try await subscribedTopic(store)
        try await Topics.setPolicy(on: store, nil, topicID: topic.id)
        _ = try await Topics.ensure(on: store, named: "Never subscribed")

        #expect(try await RefillJobs.enqueueDue(on: store, maxAttempts: 3).isEmpty)
        #expect(try await Topics.policy(on: store, topicID: topic.id) == nil)
    }

    @Test func theSwiftRuleAgreesWithTheSQLRule() async throws {
        let database = await TemporaryDatabase.make()
        let store = try await Store.open(path: database.path, now: Fixtures.now)
        let cases: [(TopicPolicy?, Int)] = [
            (TopicPolicy(refillBelow: 3, batchSize: 3), 0), (TopicPolicy(refillBelow: 3, batchSize: 3), 3),
            (TopicPolicy(refillBelow: 4, batchSize: 3), 3),
            (TopicPolicy(refillBelow: 9, batchSize: 3, maxBatches: 1), 3),
            (TopicPolicy(refillBelow: 9, batchSize: 3, maxBatches: 2), 3), (nil, 0),
        ]
        var expected: Set<Int64> = []
        for (index, (policy, cards)) in cases.enumerated() {
            let topic = try await Topics.ensure(on: store, named: "Case \(index)")
            try await Topics.setPolicy(on: store, policy, topicID: topic.id)
            if cards > 0 {
                _ = try await BatchStorage.store(
                    on: store, Fixtures.batch(topicID: topic.id, number: 1, cards: Fixtures.drafts(cards)))
            }
            if try await Topics.refillStatus(on: store, topicID: topic.id).isRefillDue { expected.insert(topic.id) }
        }

        let enqueued = Set(try await RefillJobs.enqueueDue(on: store, maxAttempts: 3).map(\.topicID))

        #expect(enqueued == expected)
        #expect(enqueued.count == 3)
    }

    @Test func aDeadJobHoldsItsTopicUntilCancelled() async throws {
        let database = await TemporaryDatabase.make()
        let store = try await Store.open(path: database.path, now: Fixtures.now)
        _ = try await subscribedTopic(store)
        let job = try #require(try await RefillJobs.enqueueDue(on: store, maxAttempts: 1).first)
        _ = try await RefillJobs.claimNext(on: store, owner: "w", lease: .seconds(60))
        let dead = try await store.failJob(jobID: job.id, owner: "w", error: "boom", permanent: false) { _ in .zero }
        #expect(dead.status == .dead)

        #expect(try await RefillJobs.enqueueDue(on: store, maxAttempts: 1).isEmpty)
        try await RefillJobs.cancel(on: store, id: job.id)
        #expect(try await RefillJobs.enqueueDue(on: store, maxAttempts: 1).count == 1)
    }

    @Test func rejectsANonPositivePolicy() async throws {
        let database = await TemporaryDatabase.make()
        let store = try await Store.open(path: database.path, now: Fixtures.now)
        let topic = try await Topics.ensure(on: store, named: "Rome")
        await #expect(throws: StoreError.invalidPolicy("batch size must be at least 1")) {
            try await Topics.setPolicy(on: store, TopicPolicy(refillBelow: 5, batchSize: 0), topicID: topic.id)
        }
        await #expect(throws: StoreError.topicNotFound(topicID: 999)) {
            try await Topics.setPolicy(on: store, TopicPolicy(refillBelow: 5, batchSize: 5), topicID: 999)
        }
    }
}
