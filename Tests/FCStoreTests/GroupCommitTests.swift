import FCCore
import FCPipeline
import FCStore
import FCTestSupport
import Foundation
import Synchronization
import Testing

/// `Store.writeGrouped`: writes that wait for the writer together share one transaction, and each caller still
/// gets its own result or its own error.
struct GroupCommitTests {
    /// Holds every writer connection of the store (one on SQLite, several on PostgreSQL) inside a transaction until
    /// `release()`: grouped writes queue behind them meanwhile.
    private final class WriterGate: Sendable {
        private let gate = AsyncGate()
        private let entered = Mutex(0)
        private let count: Int
        private let holders: Mutex<[Task<Void, any Error>]> = Mutex([])

        init(_ store: Store) { count = store.writerCount }

        /// Returns once every writer is inside its held transaction.
        func hold(_ store: Store) async throws {
            let tasks = (0..<count).map { _ in
                Task {
                    try await store.write("hold the writer") { [self] _ in
                        entered.withLock { $0 += 1 }
                        await gate.wait()
                    }
                }
            }
            holders.withLock { $0 = tasks }
            while entered.withLock({ $0 }) < count { try await Task.sleep(for: .milliseconds(2)) }
        }

        /// Lets the held transactions commit and waits for them.
        func release() async throws {
            gate.open()
            for holder in holders.withLock({ $0 }) { try await holder.value }
        }
    }

    /// Waits (polling without holding a thread) until `count` grouped writes are queued (``TestPatience``: a hang).
    private func queued(_ count: Int, in store: Store) async throws {
        let deadline = ContinuousClock.now + TestPatience.duration
        while store.pendingGroupedWrites < count {
            #expect(ContinuousClock.now < deadline, "only \(store.pendingGroupedWrites) of \(count) queued")
            if ContinuousClock.now >= deadline { return }
            try await Task.sleep(for: .milliseconds(5))
        }
    }

    @Test func writesQueuedTogetherCommitOnceAndEachGetsItsOwnResult() async throws {
        let database = await TemporaryDatabase.make()
        let store = try await Store.open(path: database.path, now: Fixtures.now)
        let gate = WriterGate(store)
        try await gate.hold(store)
        let names = (1...40).map { "Grouped \($0)" }
        let writes = names.map { name in
            Task { try await store.writeGrouped("add topic") { db in try await Topics.ensure(named: name, in: db) } }
        }
        try await queued(names.count, in: store)
        try await gate.release()

        var topics: [Topic] = []
        for write in writes { topics.append(try await write.value) }
        #expect(topics.map(\.name) == names)
        #expect(Set(topics.map(\.id)).count == names.count)
        // One transaction for all on SQLite's one writer; on PostgreSQL each writer's turn takes its share.
        if store.writerCount == 1 {
            #expect(store.seams.sharedCommits == 1)
        } else {
            #expect((1...names.count / 2).contains(store.seams.sharedCommits), "\(store.seams.sharedCommits)")
        }
        let stored = try await store.read { db in try await db.topicSummaries().map(\.name) }
        #expect(Set(stored).isSuperset(of: names))
    }

    @Test func oneFailingWriteFailsAloneAndLeavesNothingBehind() async throws {
        let database = await TemporaryDatabase.make()
        let store = try await Store.open(path: database.path, now: Fixtures.now)
        let gate = WriterGate(store)
        try await gate.hold(store)
        struct Refused: Error {}
        let writes = (1...10).map { index in
            Task {
                try await store.writeGrouped("add topic") { db in
                    let topic = try await Topics.ensure(named: "Topic \(index)", in: db)
                    if index == 4 { throw Refused() }  // after its insert: the insert must not survive
                    return topic
                }
            }
        }
        try await queued(10, in: store)
        try await gate.release()

        for (offset, write) in writes.enumerated() {
            if offset == 3 {
                await #expect(throws: Refused.self) { try await write.value }
            } else {
                #expect(try await write.value.name == "Topic \(offset + 1)")
            }
        }
        let stored = try await store.read { db in try await db.topicSummaries().map(\.name) }
        #expect(!stored.contains("Topic 4"))
        #expect(stored.filter { $0.hasPrefix("Topic ") }.count == 9)
        if store.writerCount == 1 {
            #expect(store.seams.sharedCommits == 0, "the group rolled back; each write then ran alone")
        }
    }

    /// Grouped writes run one turn at a time on SQLite's one writer; on PostgreSQL up to ``Store/writerCount`` turns
    /// commit side by side on their own connections. The first write waits for another to start while it runs: on
    /// PostgreSQL another turn's write does (up to 30 s: it opens a connection first, on a loaded machine), on SQLite
    /// none can (the test sits out 2 s).
    @Test func turnsRunSideBySideOnlyWhereTheEngineHasSeveralWriters() async throws {
        let database = await TemporaryDatabase.make()
        let store = try await Store.open(path: database.path, now: Fixtures.now)
        let overlap = OverlapProbe()
        let names = (1...32).map { "Side \($0)" }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for name in names {
                group.addTask {
                    _ = try await store.writeGrouped("add topic") { db in
                        let first = overlap.state.withLock { state in
                            state.running += 1
                            state.most = max(state.most, state.running)
                            defer { state.waited = true }
                            return !state.waited
                        }
                        defer { overlap.state.withLock { $0.running -= 1 } }
                        if first {
                            // Several writers: wait for the second turn as long as a hang allows (it comes);
                            // one writer: a second never may, and 2 s is how long that is looked for.
                            let deadline =
                                ContinuousClock.now + (store.writerCount > 1 ? TestPatience.duration : .seconds(2))
                            while overlap.state.withLock({ $0.most }) < 2 && ContinuousClock.now < deadline {
                                try await Task.sleep(for: .milliseconds(1))
                            }
                        }
                        return try await Topics.ensure(named: name, in: db)
                    }
                }
            }
            try await group.waitForAll()
        }
        let stored = try await store.read { db in try await db.topicSummaries().map(\.name) }
        #expect(Set(stored).isSuperset(of: names))
        #expect(store.peakGroupTurns >= 1 && store.peakGroupTurns <= store.writerCount)
        let most = overlap.state.withLock { $0.most }
        if store.writerCount > 1 {
            #expect(most >= 2, "PostgreSQL's writers committed one after the other")
        } else {
            #expect(most == 1, "SQLite's one writer ran two transactions at once")
        }
    }

    /// A group runs its members in learner order, a learner's own writes in the order they came, writes that lock
    /// nobody first: two groups committing side by side (PostgreSQL) then lock learners in the same order.
    @Test func aGroupRunsItsMembersInLearnerOrder() async throws {
        let database = await TemporaryDatabase.make()
        let store = try await Store.open(path: database.path, now: Fixtures.now)
        let gate = WriterGate(store)
        try await gate.hold(store)
        let ran = RunLog()
        let learners: [Int64?] = [5, 3, 9, nil, 3, 1]
        let writes = learners.enumerated().map { index, learner in
            Task {
                try await store.writeGrouped("add topic", locking: learner) { db in
                    ran.labels.withLock { $0.append("\(learner.map(String.init) ?? "-")#\(index)") }
                    return try await Topics.ensure(named: "Ordered \(index)", in: db)
                }
            }
        }
        try await queued(learners.count, in: store)
        try await gate.release()
        for write in writes { _ = try await write.value }
        let labels = ran.labels.withLock { $0 }
        #expect(labels.count == learners.count)
        #expect(labels.firstIndex(of: "3#1")! < labels.firstIndex(of: "3#4")!)
        if store.writerCount == 1 {
            #expect(labels == ["-#3", "1#5", "3#1", "3#4", "5#0", "9#2"])
        }
    }

    /// What grouped writes ran, in order.
    private final class RunLog: Sendable {
        let labels = Mutex<[String]>([])
    }

    /// How many grouped writes ran at once, at most.
    private final class OverlapProbe: Sendable {
        struct State {
            var running = 0
            var most = 0
            var waited = false
        }
        let state = Mutex(State())
    }

    @Test func aWriteAloneDoesNotWaitForCompany() async throws {
        let database = await TemporaryDatabase.make()
        let store = try await Store.open(path: database.path, now: Fixtures.now)
        for index in 1...5 {
            let topic = try await store.writeGrouped("add topic") { db in
                try await Topics.ensure(named: "Alone \(index)", in: db)
            }
            #expect(topic.name == "Alone \(index)")
        }
        #expect(store.seams.sharedCommits == 0)
        #expect(store.pendingGroupedWrites == 0)
    }
}
