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
                Fixtures.batch(topicID: topic.id, number: 1, cards: Fixtures.drafts(5)), on: store)
        }

        #expect(try await store.scalarInteger("SELECT COUNT(*) FROM batches") == 0)
        #expect(try await store.scalarInteger("SELECT COUNT(*) FROM cards") == 0)
        #expect(try await store.integrityCheck() == "ok")
        #expect(try await BatchStorage.lastNumber(topicID: topic.id, on: store) == 0)
    }

    @Test func aFaultRightAfterTheBatchRowLeavesNothingAndTheStoreStaysUsable() async throws {
        let database = await TemporaryDatabase.make()
        let store = try await Store.open(path: database.path, now: Fixtures.now)
        let topic = try await Topics.ensure(on: store, named: "Rome")
        let batch = Fixtures.batch(topicID: topic.id, number: 1, cards: Fixtures.drafts(4))
        await store.setFaultAfterCardInserts(0)

        await #expect(throws: StoreError.injectedFault(afterCardInserts: 0)) {
            try await BatchStorage.store(batch, on: store)
        }
        #expect(try await store.scalarInteger("SELECT COUNT(*) FROM batches") == 0)

        await store.setFaultAfterCardInserts(nil)
        let stored = try await BatchStorage.store(batch, on: store)
        #expect(stored.cards.map(\.position) == [1, 2, 3, 4])
        #expect(try await store.integrityCheck() == "ok")
    }

    @Test func aFailedBatchIsInvisibleToAnotherConnection() async throws {
        let database = await TemporaryDatabase.make()
        let writer = try await Store.open(path: database.path, now: Fixtures.now)
        let topic = try await Topics.ensure(on: writer, named: "Rome")
        _ = try await BatchStorage.store(
            Fixtures.batch(topicID: topic.id, number: 1, cards: Fixtures.drafts(2)), on: writer)
        await writer.setFaultAfterCardInserts(1)

        await #expect(throws: StoreError.self) {
            try await BatchStorage.store(
                Fixtures.batch(topicID: topic.id, number: 2, cards: Fixtures.drafts(3, prefix: "B")), on: writer)
        }

        let reader = try await Store.open(path: database.path, now: Fixtures.now)
        #expect(try await BatchStorage.list(topicID: topic.id, on: reader).map(\.plan.number) == [1])
        #expect(try await Cards.inTopic(on: reader, topicID: topic.id).count == 2)
        #expect(try await reader.integrityCheck() == "ok")
    }
}
