import FCCore
import FCPipeline
import FCStore
import FCTestSupport
import Foundation
import Testing

/// Rules of the job, budget and generation use cases (FCPipeline's `RefillJobs`, `UsageLedger`, `Generations`) that
/// no other suite pins at their edge; both engines.
struct LeaseUseCaseTests {
    @Test func aReleaseKeepsTheLastErrorAndOnlyTheLeaseOwnerMayReleaseOrDefer() async throws {
        let database = await TemporaryDatabase.make()
        let time = ManualNow()
        let store = try await Store.open(path: database.path, now: time.now)
        let topic = try await Topics.ensure(on: store, named: "Rome")
        try await Topics.setPolicy(on: store, TopicPolicy(refillBelow: 10, batchSize: 5), topicID: topic.id)
        _ = try await RefillJobs.enqueueDue(on: store, maxAttempts: 3)
        var job = try #require(try await RefillJobs.claimNext(on: store, owner: "a", lease: .seconds(60)))
        try await JobSteps.fail(
            on: store, jobID: job.id, owner: "a", error: "HTTP 503", permanent: false, backoff: { _ in .seconds(1) })
        time.advance(by: 2)
        job = try #require(try await RefillJobs.claimNext(on: store, owner: "a", lease: .seconds(60)))
        #expect(job.attempts == 2)

        #expect(try await RefillJobs.release(on: store, jobID: job.id, owner: "b") == false)
        #expect(try await RefillJobs.deferToNextDay(on: store, jobID: job.id, owner: "b", reason: "budget") == nil)
        #expect(try await RefillJobs.job(on: store, id: job.id)?.leaseOwner == "a", "another owner changed nothing")
        #expect(try await RefillJobs.release(on: store, jobID: job.id, owner: "a"))
        let released = try #require(try await RefillJobs.job(on: store, id: job.id))
        #expect(released.status == .queued)
        #expect(released.attempts == 1, "the released claim is not counted")
        #expect(released.lastError == "HTTP 503", "a release keeps the last error")
    }

    @Test func aDailyBudgetIsSetOnlyOnATopicThatExists() async throws {
        let database = await TemporaryDatabase.make()
        let store = try await Store.open(path: database.path, now: ManualNow().now)
        await #expect(throws: StoreError.topicNotFound(topicID: 9_999)) {
            try await UsageLedger.setDailyBudget(on: store, 1, topicID: 9_999)
        }
        await #expect(throws: StoreError.topicNotFound(topicID: 9_999)) {
            try await UsageLedger.dailyBudget(on: store, topicID: 9_999)
        }
    }

    @Test func aGenerationsLeaseIsItsOwnersAndEachBatchIsAppendedWithItsEvent() async throws {
        let database = await TemporaryDatabase.make()
        let time = ManualNow()
        let store = try await Store.open(path: database.path, now: time.now)
        let topic = try await Topics.ensure(on: store, named: "Tides")
        let new = NewGeneration(
            id: "g", topicID: topic.id, topicName: topic.name, requestedBy: nil, optionsJSON: "{}", batchesRequested: 2)
        let queued = try await store.write("queue") { db in try await Generations.insert(new, in: db, at: 0) }
        #expect(queued.status == .queued)
        #expect(try await Generations.claimNext(on: store, owner: "a", lease: .seconds(60))?.id == "g")
        await #expect(throws: GenerationLeaseLost.self) {
            try await Generations.renewLease(on: store, id: "g", owner: "b", lease: .seconds(60))
        }
        for number in 1...2 {
            try await store.write("batch") { db in
                _ = try await Generations.recordBatch(
                    id: "g", owner: "a", lease: .seconds(60), batchJSON: #"{"n":\#(number)}"#, cards: 3,
                    event: { "\($0.batchesDone)" }, in: db, at: 0)
            }
        }
        let (generation, events) = try #require(try await Generations.withEvents(on: store, id: "g", after: 0))
        #expect(generation.batchesJSON == #"[{"n":1},{"n":2}]"#)
        #expect(generation.cardsStored == 6)
        #expect(events.map(\.sequence) == [1, 2])
        #expect(events.map(\.data) == ["1", "2"])

        let ended = try await Generations.finish(on: store, id: "g", owner: "a", errorJSON: nil, event: { _ in "{}" })
        #expect(ended.status == .succeeded)
        #expect(ended.lastEvent == 3)
        await #expect(throws: GenerationLeaseLost.self) {
            try await Generations.finish(on: store, id: "g", owner: "a", errorJSON: nil, event: { _ in "{}" })
        }
        #expect(
            try await Generations.cancel(on: store, id: "g", errorJSON: "{}", event: { _ in "{}" }).map {
                if case .finished = $0 { true } else { false }
            } == true)
    }
}
