import FCCore
import FCStore
import FCTestSupport
import Foundation
import Testing

/// `Store.writeGrouped`: writes that wait for the writer together share one transaction, and each caller still
/// gets its own result or its own error.
struct GroupCommitTests {
    /// Holds the writer inside a transaction until `release()`: grouped writes queue behind it meanwhile.
    private final class WriterGate: Sendable {
        private let semaphore = DispatchSemaphore(value: 0)
        func hold(_ store: Store) -> Task<Void, any Error> {
            Task { try await store.write("hold the writer") { [semaphore] _ in semaphore.wait() } }
        }
        func release() { semaphore.signal() }
    }

    /// Waits (polling without holding a thread) until `count` grouped writes are queued.
    private func queued(_ count: Int, in store: Store) async throws {
        let deadline = ContinuousClock.now + .seconds(30)
        while store.pendingGroupedWrites < count {
            #expect(ContinuousClock.now < deadline, "only \(store.pendingGroupedWrites) of \(count) queued")
            if ContinuousClock.now >= deadline { return }
            try await Task.sleep(for: .milliseconds(5))
        }
    }

    @Test func writesQueuedTogetherCommitOnceAndEachGetsItsOwnResult() async throws {
        let database = TemporaryDatabase()
        let store = try Store(path: database.path, now: Fixtures.now)
        let gate = WriterGate()
        let holder = gate.hold(store)
        let names = (1...40).map { "Grouped \($0)" }
        let writes = names.map { name in
            Task { try await store.writeGrouped("add topic") { db in try db.ensureTopic(named: name) } }
        }
        try await queued(names.count, in: store)
        gate.release()
        try await holder.value

        var topics: [Topic] = []
        for write in writes { topics.append(try await write.value) }
        #expect(topics.map(\.name) == names)
        #expect(Set(topics.map(\.id)).count == names.count)
        #expect(store.seams.sharedCommits == 1)
        let stored = try await store.read { db in try db.topicSummaries().map(\.name) }
        #expect(Set(stored).isSuperset(of: names))
    }

    @Test func oneFailingWriteFailsAloneAndLeavesNothingBehind() async throws {
        let database = TemporaryDatabase()
        let store = try Store(path: database.path, now: Fixtures.now)
        let gate = WriterGate()
        let holder = gate.hold(store)
        struct Refused: Error {}
        let writes = (1...10).map { index in
            Task {
                try await store.writeGrouped("add topic") { db in
                    let topic = try db.ensureTopic(named: "Topic \(index)")
                    if index == 4 { throw Refused() }  // after its insert: the insert must not survive
                    return topic
                }
            }
        }
        try await queued(10, in: store)
        gate.release()
        try await holder.value

        for (offset, write) in writes.enumerated() {
            if offset == 3 {
                await #expect(throws: Refused.self) { try await write.value }
            } else {
                #expect(try await write.value.name == "Topic \(offset + 1)")
            }
        }
        let stored = try await store.read { db in try db.topicSummaries().map(\.name) }
        #expect(!stored.contains("Topic 4"))
        #expect(stored.filter { $0.hasPrefix("Topic ") }.count == 9)
        #expect(store.seams.sharedCommits == 0, "the group rolled back; each write then ran alone")
    }

    @Test func aWriteAloneDoesNotWaitForCompany() async throws {
        let database = TemporaryDatabase()
        let store = try Store(path: database.path, now: Fixtures.now)
        for index in 1...5 {
            let topic = try await store.writeGrouped("add topic") { db in try db.ensureTopic(named: "Alone \(index)") }
            #expect(topic.name == "Alone \(index)")
        }
        #expect(store.seams.sharedCommits == 0)
        #expect(store.pendingGroupedWrites == 0)
    }
}
