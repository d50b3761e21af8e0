import FCCore
import FCPipeline
import FCStore
import FCTestSupport
import Foundation
import Testing

struct TopicTests {
    @Test func findsATopicIgnoringCaseAndSurroundingSpace() async throws {
        let database = await TemporaryDatabase.make()
        let store = try await Store.open(path: database.path, now: Fixtures.now)

        #expect(try await Topics.named(on: store, "Roman History") == nil)
        let created = try await Topics.ensure(on: store, named: "Roman History")
        #expect(created.name == "Roman History")
        #expect(created.createdAt == Fixtures.date)

        #expect(try await Topics.named(on: store, "roman history") == created)
        #expect(try await Topics.named(on: store, "  ROMAN HISTORY\n") == created)
        #expect(try await Topics.ensure(on: store, named: "rOmAn hIsToRy") == created)
        #expect(try await store.scalarInteger("SELECT COUNT(*) FROM topics") == 1)
    }

    @Test func refusesAnEmptyTopicName() async throws {
        let database = await TemporaryDatabase.make()
        let store = try await Store.open(path: database.path, now: Fixtures.now)

        await #expect(throws: StoreError.invalidTopicName(problem: "a topic name must not be empty")) {
            try await Topics.ensure(on: store, named: " \t ")
        }
        #expect(try await Topics.named(on: store, "") == nil)
    }

    @Test func summarisesTopicsByName() async throws {
        let database = await TemporaryDatabase.make()
        let store = try await Store.open(path: database.path, now: Fixtures.now)
        let zoology = try await Topics.ensure(on: store, named: "zoology")
        let algebra = try await Topics.ensure(on: store, named: "Algebra")
        _ = try await BatchStorage.store(
            on: store, Fixtures.batch(topicID: zoology.id, number: 1, cards: Fixtures.drafts(3)))
        _ = try await BatchStorage.store(
            on: store, Fixtures.batch(topicID: zoology.id, number: 2, cards: Fixtures.drafts(2, prefix: "B")))

        let summaries = try await Topics.summaries(on: store)

        #expect(
            summaries == [
                TopicSummary(id: algebra.id, name: "Algebra", cardCount: 0, batchCount: 0, lastBatchAt: nil),
                TopicSummary(id: zoology.id, name: "zoology", cardCount: 5, batchCount: 2, lastBatchAt: Fixtures.date),
            ])
    }
}

extension TopicTests {
    @Test func deletingATopicRemovesItsBatchesAndCards() async throws {
        let database = await TemporaryDatabase.make()
        let store = try await Store.open(path: database.path, now: Fixtures.now)
        let rome = try await Topics.ensure(on: store, named: "Rome")
        let greece = try await Topics.ensure(on: store, named: "Greece")
        _ = try await BatchStorage.store(
            on: store, Fixtures.batch(topicID: rome.id, number: 1, cards: Fixtures.drafts(3)))
        _ = try await BatchStorage.store(
            on: store, Fixtures.batch(topicID: greece.id, number: 1, cards: Fixtures.drafts(2)))

        _ = try await store.scalarText("DELETE FROM topics WHERE id = \(rome.id)")

        #expect(try await Cards.inTopic(on: store, topicID: rome.id).isEmpty)
        #expect(try await BatchStorage.list(on: store, topicID: rome.id).isEmpty)
        #expect(try await Cards.inTopic(on: store, topicID: greece.id).count == 2)
        #expect(try await store.integrityCheck() == "ok")
    }
}
