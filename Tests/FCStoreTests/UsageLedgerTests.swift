import FCCore
import FCPipeline
import FCStore
import FCTestSupport
import Foundation
import Testing

/// The usage ledger (`llm_usage`), daily budgets and deferring a job to the next UTC day; on both engines.
struct UsageLedgerTests {
    /// 2023-11-14T22:13:20Z; the next UTC day starts 6,400 s later.
    static let start = Date(timeIntervalSince1970: 1_700_000_000)
    static let nextDay = Date(timeIntervalSince1970: 1_700_006_400)

    private func entry(_ topicID: Int64?, _ name: String, input: Int, output: Int, cost: Double?) -> UsageEntry {
        UsageEntry(
            topicID: topicID, topicName: name, kind: .outline, provider: "openai", model: "stub-model",
            usage: TokenUsage(input: input, output: output), costUSD: cost)
    }

    @Test func aStoredBatchWritesItsLedgerRowInItsTransaction() async throws {
        let database = await TemporaryDatabase.make()
        let store = try await Store.open(path: database.path, now: .constant(Self.start))
        let topic = try await Topics.ensure(on: store, named: "Rome")
        var batch = Fixtures.batch(
            topicID: topic.id, number: 1, cards: Fixtures.drafts(3), usage: TokenUsage(input: 123, output: 456))
        batch.costUSD = 0.0125
        _ = try await BatchStorage.store(on: store, batch)

        let lines = try await UsageLedger.report(on: store, since: 0)
        #expect(
            lines == [
                UsageLine(
                    day: "2023-11-14", topic: "Rome", model: "fixture-model", requests: 1, inputTokens: 123,
                    outputTokens: 456, costUSD: 0.0125, unpricedRequests: 0)
            ])
        let spent = try await store.read { [day = UsageLedger.today(on: store)] in
            try await $0.spending(since: day, topicID: topic.id)
        }
        #expect(spent == DaySpending(costUSD: 0.0125, unpricedRequests: 0))
    }

    @Test func aBatchThatFailsToCommitLeavesNoLedgerRow() async throws {
        let database = await TemporaryDatabase.make()
        let store = try await Store.open(path: database.path, now: .constant(Self.start))
        let topic = try await Topics.ensure(on: store, named: "Rome")
        _ = try await BatchStorage.store(
            on: store, Fixtures.batch(topicID: topic.id, number: 1, cards: Fixtures.drafts(2)))
        // The same number again: refused, and its ledger row goes with it.
        await #expect(throws: StoreError.self) {
            _ = try await BatchStorage.store(
                on: store, Fixtures.batch(topicID: topic.id, number: 1, cards: Fixtures.drafts(2)))
        }
        let lines = try await UsageLedger.report(on: store, since: 0)
        #expect(lines.map(\.requests) == [1])
    }

    @Test func aNewTopicTakesOverTheUsageItsRunRecordedBeforeItExisted() async throws {
        let database = await TemporaryDatabase.make()
        let store = try await Store.open(path: database.path, now: .constant(Self.start))
        try await UsageLedger.record(on: store, entry(nil, "Carthage", input: 300, output: 50, cost: 0.001))
        let stored = try await BatchStorage.store(
            on: store, Fixtures.batch(topicID: 0, number: 1, cards: Fixtures.drafts(2)), creatingTopicNamed: "Carthage")

        let spent = try await store.read { [day = UsageLedger.today(on: store)] in
            try await $0.spending(since: day, topicID: stored.record.topicID)
        }
        #expect(spent.costUSD == 0.001)
        #expect(spent.unpricedRequests == 1, "the batch has no cost: its model has no price")
        let lines = try await UsageLedger.report(on: store, since: 0, topic: "carthage")
        #expect(lines.count == 2, "one line per model: the outline's and the batch's")
        #expect(lines.map(\.inputTokens).reduce(0, +) == 420)
        #expect(lines.first { $0.model == "fixture-model" }?.costUSD == nil)
    }

    @Test func theReportCountsUTCDaysAndSpendingStartsAgainAtMidnight() async throws {
        let database = await TemporaryDatabase.make()
        let time = ManualNow(Self.start)
        let store = try await Store.open(path: database.path, now: time.now)
        let topic = try await Topics.ensure(on: store, named: "Rome")
        try await UsageLedger.record(on: store, entry(topic.id, "Rome", input: 10, output: 20, cost: 0.5))
        try await UsageLedger.record(on: store, entry(topic.id, "Rome", input: 1, output: 2, cost: 0.25))
        time.advance(by: 6_400)  // 00:00:00 UTC the next day
        try await UsageLedger.record(on: store, entry(topic.id, "Rome", input: 100, output: 200, cost: nil))

        let lines = try await UsageLedger.report(on: store, since: 0)
        #expect(lines.map(\.day) == ["2023-11-14", "2023-11-15"])
        #expect(lines.map(\.requests) == [2, 1])
        #expect(lines.map(\.inputTokens) == [11, 100])
        #expect(lines.map(\.costUSD) == [0.75, nil])
        #expect(lines.map(\.unpricedRequests) == [0, 1])
        let today = try await store.read { [day = UsageLedger.today(on: store)] in
            try await $0.spending(since: day, topicID: nil)
        }
        #expect(today == DaySpending(costUSD: 0, unpricedRequests: 1))
        let since = try await UsageLedger.report(on: store, since: Int64(Self.nextDay.timeIntervalSince1970 * 1000))
        #expect(since.map(\.day) == ["2023-11-15"])
    }

    @Test func aTopicDailyBudgetMustBeGreaterThanZero() async throws {
        let database = await TemporaryDatabase.make()
        let store = try await Store.open(path: database.path, now: .constant(Self.start))
        let topic = try await Topics.ensure(on: store, named: "Rome")
        for bad in [0, -1, Double.nan, Double.infinity] {
            await #expect(throws: StoreError.invalidPolicy("daily budget must be greater than 0")) {
                try await UsageLedger.setDailyBudget(on: store, bad, topicID: topic.id)
            }
        }
        try await UsageLedger.setDailyBudget(on: store, 0.5, topicID: topic.id)
        #expect(try await UsageLedger.dailyBudget(on: store, topicID: topic.id) == 0.5)
        try await UsageLedger.setDailyBudget(on: store, nil, topicID: topic.id)
        #expect(try await UsageLedger.dailyBudget(on: store, topicID: topic.id) == nil)
    }

    @Test func aDeferredJobStaysQueuedUntilTheNextUTCDayWithItsAttemptGivenBack() async throws {
        let database = await TemporaryDatabase.make()
        let time = ManualNow(Self.start)
        let store = try await Store.open(path: database.path, now: time.now)
        let topic = try await Topics.ensure(on: store, named: "Rome")
        try await Topics.setPolicy(on: store, TopicPolicy(refillBelow: 10, batchSize: 5), topicID: topic.id)
        _ = try await RefillJobs.enqueueDue(on: store, maxAttempts: 3)
        let job = try #require(try await RefillJobs.claimNext(on: store, owner: "w", lease: .seconds(60)))
        #expect(job.attempts == 1)

        let until = try await RefillJobs.deferToNextDay(on: store, jobID: job.id, owner: "w", reason: "budget: spent")
        #expect(until == Self.nextDay)
        let deferred = try #require(try await RefillJobs.job(on: store, id: job.id))
        #expect(deferred.status == .queued)
        #expect(deferred.attempts == 0)
        #expect(deferred.runAfter == Self.nextDay)
        #expect(deferred.lastError == "budget: spent")
        #expect(
            try await RefillJobs.claimNext(on: store, owner: "w", lease: .seconds(60)) == nil, "not before midnight")
        time.advance(by: 6_400)
        #expect(try await RefillJobs.claimNext(on: store, owner: "w", lease: .seconds(60))?.id == job.id)
        // A worker that no longer holds the job changes nothing.
        #expect(try await RefillJobs.deferToNextDay(on: store, jobID: job.id, owner: "x", reason: "") == nil)
    }
}
