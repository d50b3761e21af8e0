import FCCore
import FCPipeline
import FCStore
import FCTestSupport
import Foundation
import Synchronization
import Testing

/// The store's read and write paths: reads on their own connections beside the writer, writes one at a time, and
/// waiting for a lock on the store's threads instead of Swift's cooperative pool.
struct StoreConcurrencyTests {
    @Test func aWriteInsideAReadFailsAndWritesNothing() async throws {
        let database = await TemporaryDatabase.make()
        let store = try await Store.open(path: database.path, now: Fixtures.now)

        await #expect(throws: StoreError.self) {
            try await store.read { try await Topics.ensure(named: "Rome", in: $0) }
        }
        #expect(try await Topics.named(on: store, "Rome") == nil)
        _ = try await store.write("add topic") { try await Topics.ensure(named: "Rome", in: $0) }
        #expect(try await store.read { try await $0.topic(named: "Rome") }?.name == "Rome")
    }

    @Test func aReadSeesTheLastCommitWhileAWriterHoldsTheLock() async throws {
        let database = await TemporaryDatabase.make()
        let store = try await Store.open(path: database.path, now: Fixtures.now)
        _ = try await Topics.ensure(on: store, named: "Rome")
        // The writer adds a topic and then waits inside its transaction, holding the write lock.
        let held = await HeldWrite.start(store, "held write") { db in
            _ = try await Topics.ensure(named: "Greece", in: db)
        }
        // Reads go on meanwhile, and see only what was committed.
        #expect(try await Topics.summaries(on: store).map(\.name) == ["Rome"])
        try await held.end()
        #expect(try await Topics.summaries(on: store).map(\.name).sorted() == ["Greece", "Rome"])
    }

    @Test func writersWaitingForAnotherConnectionsLockLeaveTheCooperativePoolFree() async throws {
        let database = await TemporaryDatabase.make()
        let holder = try await Store.open(path: database.path, now: Fixtures.now)
        let held = await HeldWrite.start(holder, "hold lock")

        // More waiting writers than the cooperative pool has threads (one per core). Each waits on its own store's
        // writer thread, inside SQLite's busy handler.
        var writers: [Store] = []
        for _ in 0..<8 { writers.append(try await Store.open(path: database.path, now: Fixtures.now)) }
        let writes = Task {
            try await withThrowingTaskGroup(of: Void.self) { group in
                for (index, store) in writers.enumerated() {
                    group.addTask { _ = try await Topics.ensure(on: store, named: "Topic \(index)") }
                }
                try await group.waitForAll()
            }
        }
        // Async work and reads still run while all of them wait; were the writers blocking cooperative threads,
        // this would not finish before their busy timeout failed them.
        let reader = try await Store.open(path: database.path, now: Fixtures.now)
        let counts = try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<16 { group.addTask { try await Topics.summaries(on: reader).count } }
            return try await group.reduce(0, +)
        }
        #expect(counts == 0)
        try await held.end()
        try await writes.value
        #expect(try await Topics.summaries(on: reader).count == 8)
    }
}

/// A batch (paid for: a model's reply) meets a database another process keeps locked past the busy timeout.
struct PatientWriteTests {
    @Test func aBatchWaitsForABusyDatabaseAndIsStoredOnceTheLockGoes() async throws {
        let database = await TemporaryDatabase.make()
        let holder = try await Store.open(path: database.path, now: Fixtures.now)
        let topic = try await Topics.ensure(on: holder, named: "Rome")
        let store = try await Store.open(
            path: database.path, now: Fixtures.now, busyTimeout: .milliseconds(50), writePatience: .milliseconds(300))
        let held = await HeldWrite.start(holder, "hold lock")

        // Past its patience an everyday write fails, with one clear line: nothing of it ran.
        await #expect {
            _ = try await Topics.ensure(on: store, named: "Greece")
        } throws: { error in
            guard case .busy(_, "ensure topic", _) = error as? StoreError else { return false }
            let text = "\(error)"
            return text.contains("database is locked") && !text.contains("SQLite code") && !text.contains("\n")
        }
        // A batch asks again and again while the lock is held, keeping its cards.
        let storing = Task {
            try await BatchStorage.store(
                on: store, Fixtures.batch(topicID: topic.id, number: 1, cards: Fixtures.drafts(3)))
        }
        while store.seams.busyRetries < 3 { try await Task.sleep(for: .milliseconds(10)) }
        try await held.end()
        let stored = try await storing.value

        #expect(stored.cards.count == 3)
        #expect(try await BatchStorage.list(on: store, topicID: topic.id).map(\.plan.number) == [1])
        #expect(try await Topics.named(on: store, "Greece") == nil)
    }
}

/// A review and a grouped write from one store meet a write transaction another store on the same file holds past
/// the busy timeout (as an import's move in another process did): both wait, ask again, and are stored once it ends.
struct BusyPatienceTests {
    @Test func aReviewBesideALongWriteOfAnotherStoreWaitsAndIsStored() async throws {
        let database = await TemporaryDatabase.make()
        let world = try await StudyWorld.make(path: database.path)
        let holder = try await Store.open(path: database.path, now: Fixtures.now)
        let held = await HeldWrite.start(holder, "a long import move")
        let reviewing = Task { try await world.review(world.cards[0]) }
        let grouping = Task {
            try await world.store.writeGrouped("add topic") { db in try await Topics.ensure(named: "Greece", in: db) }
        }
        // Each has waited out a whole busy timeout (5 s) and asked again: before, both failed with "database is
        // locked" here.
        let deadline = ContinuousClock.now + TestPatience.duration  // a hang guard
        while world.store.seams.busyRetries < 2 && ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(20))
        }
        try await held.end()

        let review = try await reviewing.value
        let topic = try await grouping.value
        #expect(world.store.seams.busyRetries >= 2)
        #expect(review.state.reps == 1)
        #expect(try await world.store.reviewLog(userID: world.user.id, cardID: world.cards[0].id).count == 1)
        #expect(try await Topics.named(on: holder, "Greece")?.id == topic.id)
    }

    /// A grouped write whose patience runs out fails with the same one-line error as any write.
    @Test func aGroupedWritePastItsPatienceFailsWithOneClearLine() async throws {
        let database = await TemporaryDatabase.make()
        let holder = try await Store.open(path: database.path, now: Fixtures.now)
        _ = try await Topics.ensure(on: holder, named: "Rome")
        let store = try await Store.open(
            path: database.path, now: Fixtures.now, busyTimeout: .milliseconds(50), writePatience: .seconds(1))
        let held = await HeldWrite.start(holder, "hold lock")
        await #expect {
            _ = try await store.writeGrouped("add topic") { db in try await Topics.ensure(named: "Greece", in: db) }
        } throws: { error in
            guard case .busy(_, "add topic", _) = error as? StoreError else { return false }
            return "\(error)".contains("database is locked") && !"\(error)".contains("SQLite code")
        }
        #expect(store.seams.busyRetries >= 1)
        try await held.end()
        #expect(try await Topics.named(on: store, "Greece") == nil)
    }
}

/// A write transaction kept open on a store's writer (its write lock held) until ``end()``: what another
/// process's long write (an import's move) looks like to the store under test.
private struct HeldWrite {
    let release: AsyncGate
    let task: Task<Void, any Error>

    /// Starts the write, runs `first` in it, and returns once it is inside its transaction.
    static func start(
        _ store: Store, _ operation: String,
        first: @escaping @Sendable (borrowing Database) async throws -> Void = { _ in }
    ) async -> HeldWrite {
        let inside = AsyncGate()
        let release = AsyncGate()
        let task = Task {
            try await store.write(operation) { db in
                try await first(db)
                inside.open()
                await release.wait()
            }
        }
        await inside.wait()
        return HeldWrite(release: release, task: task)
    }

    /// Lets the write commit and waits for it.
    func end() async throws {
        release.open()
        try await task.value
    }
}
