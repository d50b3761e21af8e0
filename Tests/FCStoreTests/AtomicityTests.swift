import FCCore
import FCPipeline
import FCStore
import FCTestSupport
import Foundation
import Testing

/// A batch is stored completely or not at all. These use real files (WAL), never `:memory:`.
struct AtomicityTests {
    @Test func aFaultMidBatchLeavesNoBatchAndNoCards() async throws {
        let database = await TemporaryDatabase.make()
        let store = try await Store.open(path: database.path, now: Fixtures.now)
        let topic = try await Topics.ensure(on: store, named: "Rome")
        await store.setFaultAfterCardInserts(3)

        await #expect(throws: StoreError.injectedFault(afterCardInserts: 3)) {
            try await BatchStorage.store(
                on: store, Fixtures.batch(topicID: topic.id, number: 1, cards: Fixtures.drafts(5)))
        }

        #expect(try await store.scalarInteger("SELECT COUNT(*) FROM batches") == 0)
        #expect(try await store.scalarInteger("SELECT COUNT(*) FROM cards") == 0)
        #expect(try await store.integrityCheck() == "ok")
        #expect(try await BatchStorage.lastNumber(on: store, topicID: topic.id) == 0)
    }

    @Test func aFaultRightAfterTheBatchRowLeavesNothingAndTheStoreStaysUsable() async throws {
        let database = await TemporaryDatabase.make()
        let store = try await Store.open(path: database.path, now: Fixtures.now)
        let topic = try await Topics.ensure(on: store, named: "Rome")
        let batch = Fixtures.batch(topicID: topic.id, number: 1, cards: Fixtures.drafts(4))
        await store.setFaultAfterCardInserts(0)

        await #expect(throws: StoreError.injectedFault(afterCardInserts: 0)) {
            try await BatchStorage.store(on: store, batch)
        }
        #expect(try await store.scalarInteger("SELECT COUNT(*) FROM batches") == 0)

        await store.setFaultAfterCardInserts(nil)
        let stored = try await BatchStorage.store(on: store, batch)
        #expect(stored.cards.map(\.position) == [1, 2, 3, 4])
        #expect(try await store.integrityCheck() == "ok")
    }

    @Test func aFailedBatchIsInvisibleToAnotherConnection() async throws {
        let database = await TemporaryDatabase.make()
        let writer = try await Store.open(path: database.path, now: Fixtures.now)
        let topic = try await Topics.ensure(on: writer, named: "Rome")
        _ = try await BatchStorage.store(
            on: writer, Fixtures.batch(topicID: topic.id, number: 1, cards: Fixtures.drafts(2)))
        await writer.setFaultAfterCardInserts(1)

        await #expect(throws: StoreError.self) {
            try await BatchStorage.store(
                on: writer, Fixtures.batch(topicID: topic.id, number: 2, cards: Fixtures.drafts(3, prefix: "B")))
        }

        let reader = try await Store.open(path: database.path, now: Fixtures.now)
        #expect(try await BatchStorage.list(on: reader, topicID: topic.id).map(\.plan.number) == [1])
        #expect(try await Cards.inTopic(on: reader, topicID: topic.id).count == 2)
        #expect(try await reader.integrityCheck() == "ok")
    }
}
