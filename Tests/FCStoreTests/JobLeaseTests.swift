import FCCore
import FCPipeline
import FCStore
import FCTestSupport
import Foundation
import Testing

/// Claims, leases, the job+batch commit, failures and the dead letter.
struct JobLeaseTests {
    /// A store on a fresh file with `topics` subscribed topics, each with one queued job.
    private func storeWithJobs(
        _ database: TemporaryDatabase, time: ManualNow, topics: Int = 1, maxAttempts: Int = 3
    ) async throws -> Store {
        let store = try await Store.open(path: database.path, now: time.now)
        for index in 1...topics {
            let topic = try await Topics.ensure(on: store, named: "Topic \(index)")
            try await Topics.setPolicy(on: store, TopicPolicy(refillBelow: 10, batchSize: 5), topicID: topic.id)
        }
        #expect(try await RefillJobs.enqueueDue(on: store, maxAttempts: maxAttempts).count == topics)
        return store
    }

    private func batch(for job: Job, cards: Int = 5) throws -> NewBatch {
        Fixtures.batch(topicID: job.topicID, number: try #require(job.batchNumber), cards: Fixtures.drafts(cards))
    }

    @Test func claimsAreAtomicAcrossConnections() async throws {
        let database = await TemporaryDatabase.make()
        let time = ManualNow()
        let first = try await storeWithJobs(database, time: time, topics: 20)
        let second = try await Store.open(path: database.path, now: time.now)

        let claimed = try await withThrowingTaskGroup(of: [Int64].self) { group in
            for (store, owner) in [(first, "a"), (second, "b")] {
                group.addTask {
                    var ids: [Int64] = []
                    while let job = try await RefillJobs.claimNext(on: store, owner: owner, lease: .seconds(60)) {
                        #expect(job.leaseOwner == owner)
                        ids.append(job.id)
                    }
                    return ids
                }
            }
            return try await group.reduce(into: []) { $0 += $1 }
        }

        #expect(claimed.count == 20)
        #expect(Set(claimed).count == 20)
        #expect(
            try await RefillJobs.list(on: first, status: .running).allSatisfy {
                $0.attempts == 1 && $0.batchNumber == 1
            })
    }

    @Test func anExpiredLeaseIsTakenOverAndTheOldOwnerCanNoLongerCommit() async throws {
        let database = await TemporaryDatabase.make()
        let time = ManualNow()
        let store = try await storeWithJobs(database, time: time)
        let job = try #require(try await RefillJobs.claimNext(on: store, owner: "a", lease: .seconds(60)))
        #expect(job.leaseExpiresAt == time.date.addingTimeInterval(60))

        time.advance(by: 59)
        #expect(try await RefillJobs.claimNext(on: store, owner: "b", lease: .seconds(60)) == nil)
        #expect(try await RefillJobs.renewLease(on: store, jobID: job.id, owner: "a", lease: .seconds(60)))
        time.advance(by: 59)
        #expect(try await RefillJobs.claimNext(on: store, owner: "b", lease: .seconds(60)) == nil)
        time.advance(by: 2)
        let takenOver = try #require(try await RefillJobs.claimNext(on: store, owner: "b", lease: .seconds(60)))

        #expect(takenOver.id == job.id)
        #expect(takenOver.attempts == 2)
        #expect(try await RefillJobs.renewLease(on: store, jobID: job.id, owner: "a", lease: .seconds(60)) == false)
        await #expect(throws: StoreError.leaseLost(jobID: job.id)) {
            try await store.completeJob(jobID: job.id, owner: "a", batch: try batch(for: job))
        }
        #expect(try await store.scalarInteger("SELECT COUNT(*) FROM batches") == 0)
        _ = try await store.completeJob(jobID: job.id, owner: "b", batch: try batch(for: takenOver))
        #expect(try await RefillJobs.job(on: store, id: job.id)?.status == .done)
    }

    @Test func completingAJobStoresItsBatchAndFinishesItTogether() async throws {
        let database = await TemporaryDatabase.make()
        let time = ManualNow()
        let store = try await storeWithJobs(database, time: time)
        let job = try #require(try await RefillJobs.claimNext(on: store, owner: "a", lease: .seconds(60)))
        time.advance(by: 5)

        let stored = try await store.completeJob(jobID: job.id, owner: "a", batch: try batch(for: job))

        let done = try #require(try await RefillJobs.job(on: store, id: job.id))
        #expect(done.status == .done)
        #expect(done.finishedAt == time.date)
        #expect(done.leaseExpiresAt == nil)
        #expect(stored.record.plan.number == 1)
        #expect(try await Cards.inTopic(on: store, topicID: job.topicID).count == 5)
    }

    @Test func aFaultInTheMiddleOfCompletionLeavesNeitherCardsNorAFinishedJob() async throws {
        let database = await TemporaryDatabase.make()
        let time = ManualNow()
        let store = try await storeWithJobs(database, time: time)
        let job = try #require(try await RefillJobs.claimNext(on: store, owner: "a", lease: .seconds(60)))
        await store.setFaultAfterCardInserts(3)

        await #expect(throws: StoreError.injectedFault(afterCardInserts: 3)) {
            try await store.completeJob(jobID: job.id, owner: "a", batch: try batch(for: job))
        }

        #expect(try await RefillJobs.job(on: store, id: job.id)?.status == .running)
        #expect(try await store.scalarInteger("SELECT COUNT(*) FROM batches") == 0)
        #expect(try await store.scalarInteger("SELECT COUNT(*) FROM cards") == 0)
        #expect(try await store.integrityCheck() == "ok")
        await store.setFaultAfterCardInserts(nil)
        _ = try await store.completeJob(jobID: job.id, owner: "a", batch: try batch(for: job))
        #expect(try await RefillJobs.job(on: store, id: job.id)?.status == .done)
    }

    @Test func failuresBackOffThenTheJobIsDeadAfterMaxAttempts() async throws {
        let database = await TemporaryDatabase.make()
        let time = ManualNow()
        let store = try await storeWithJobs(database, time: time, maxAttempts: 3)
        let backoff: @Sendable (Int) -> Duration = { attempts in .seconds(10 * attempts) }

        var job = try #require(try await RefillJobs.claimNext(on: store, owner: "a", lease: .seconds(60)))
        job = try await store.failJob(jobID: job.id, owner: "a", error: "HTTP 503", permanent: false, backoff: backoff)
        #expect(job.status == .failed)
        #expect(job.runAfter == time.date.addingTimeInterval(10))
        #expect(job.lastError == "HTTP 503")
        time.advance(by: 9)
        #expect(try await RefillJobs.claimNext(on: store, owner: "a", lease: .seconds(60)) == nil)
        time.advance(by: 1)
        job = try #require(try await RefillJobs.claimNext(on: store, owner: "a", lease: .seconds(60)))
        job = try await store.failJob(jobID: job.id, owner: "a", error: "HTTP 503", permanent: false, backoff: backoff)
        #expect(job.runAfter == time.date.addingTimeInterval(20))
        time.advance(by: 20)
        job = try #require(try await RefillJobs.claimNext(on: store, owner: "a", lease: .seconds(60)))
        job = try await store.failJob(jobID: job.id, owner: "a", error: "HTTP 503", permanent: false, backoff: backoff)

        #expect(job.status == .dead)
        #expect(job.attempts == 3)
        #expect(job.finishedAt == time.date)
        time.advance(by: 3600)
        #expect(try await RefillJobs.claimNext(on: store, owner: "a", lease: .seconds(60)) == nil)
    }

    @Test func aPermanentFailureIsDeadAtOnceAndRetryRequeuesIt() async throws {
        let database = await TemporaryDatabase.make()
        let time = ManualNow()
        let store = try await storeWithJobs(database, time: time, maxAttempts: 5)
        let job = try #require(try await RefillJobs.claimNext(on: store, owner: "a", lease: .seconds(60)))

        let dead = try await store.failJob(jobID: job.id, owner: "a", error: "HTTP 401", permanent: true) { _ in .zero }
        #expect(dead.status == .dead)
        let retried = try await RefillJobs.retry(on: store, id: job.id)

        #expect(retried.status == .queued)
        #expect(retried.attempts == 0)
        #expect(try await RefillJobs.claimNext(on: store, owner: "a", lease: .seconds(60))?.id == job.id)
        await #expect(throws: StoreError.jobStateConflict(id: job.id, status: "running", action: "retry")) {
            try await RefillJobs.retry(on: store, id: job.id)
        }
        await #expect(throws: StoreError.jobNotFound(id: 42)) { try await RefillJobs.retry(on: store, id: 42) }
    }

    @Test func releasingGivesTheJobBackWithoutUsingAnAttempt() async throws {
        let database = await TemporaryDatabase.make()
        let time = ManualNow()
        let store = try await storeWithJobs(database, time: time)
        let job = try #require(try await RefillJobs.claimNext(on: store, owner: "a", lease: .seconds(60)))

        #expect(try await RefillJobs.release(on: store, jobID: job.id, owner: "a"))
        #expect(try await RefillJobs.release(on: store, jobID: job.id, owner: "a") == false)

        let queued = try #require(try await RefillJobs.job(on: store, id: job.id))
        #expect(queued.status == .queued)
        #expect(queued.attempts == 0)
        #expect(queued.leaseOwner == nil)
        #expect(try await RefillJobs.claimNext(on: store, owner: "b", lease: .seconds(60))?.id == job.id)
    }

    @Test func cancellingARunningJobRefusesItsCommit() async throws {
        let database = await TemporaryDatabase.make()
        let time = ManualNow()
        let store = try await storeWithJobs(database, time: time)
        let job = try #require(try await RefillJobs.claimNext(on: store, owner: "a", lease: .seconds(60)))

        let cancelled = try await RefillJobs.cancel(on: store, id: job.id)

        #expect(cancelled.status == .cancelled)
        await #expect(throws: StoreError.leaseLost(jobID: job.id)) {
            try await store.completeJob(jobID: job.id, owner: "a", batch: try batch(for: job))
        }
        await #expect(throws: StoreError.leaseLost(jobID: job.id)) {
            try await store.failJob(jobID: job.id, owner: "a", error: "x", permanent: false) { _ in .zero }
        }
        #expect(try await store.scalarInteger("SELECT COUNT(*) FROM cards") == 0)
        #expect(try await RefillJobs.list(on: store, status: .cancelled).map(\.id) == [job.id])
    }
}
