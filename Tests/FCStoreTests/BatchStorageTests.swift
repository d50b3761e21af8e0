import FCCore
import FCPipeline
import FCStore
import FCTestSupport
import Foundation
import Testing

struct BatchStorageTests {
    @Test func storesABatchAndReadsItBack() async throws {
        let database = await TemporaryDatabase.make()
        let store = try await Store.open(path: database.path, now: Fixtures.now)
        let topic = try await Topics.ensure(on: store, named: "Rome")
        let drafts = Fixtures.drafts(4)
        let batch = Fixtures.batch(
            topicID: topic.id, number: 1, cards: drafts, dropped: [.tooLong: 2, .refusal: 1],
            usage: TokenUsage(input: 321, output: nil))

        let stored = try await BatchStorage.store(on: store, batch)

        let expected = BatchRecord(
            id: stored.record.id, topicID: topic.id, plan: batch.plan, provider: "fixture", model: "fixture-model",
            promptHash: "hash-1", outcome: .repaired, cardsKept: 4, dropped: [.tooLong: 2, .refusal: 1],
            usage: TokenUsage(input: 321, output: nil), latencyMilliseconds: 812, createdAt: Fixtures.date)
        #expect(stored.record == expected)
        #expect(stored.skippedDuplicates == 0)
        #expect(try await BatchStorage.list(on: store, topicID: topic.id) == [expected])
        #expect(try await store.scalarText("SELECT dropped_json FROM batches") == #"{"refusal":1,"too_long":2}"#)
        #expect(try await store.scalarText("SELECT status FROM batches") == "complete")
        #expect(try await store.scalarInteger("SELECT COUNT(*) FROM batches WHERE output_tokens IS NULL") == 1)

        let cards = try await Cards.inTopic(on: store, topicID: topic.id)
        #expect(cards == stored.cards)
        #expect(cards.map(\.position) == [1, 2, 3, 4])
        #expect(cards.map(\.question) == drafts.map(\.question))
        #expect(cards.map(\.answer) == drafts.map(\.answer))
        #expect(cards.map(\.explanation) == drafts.map(\.explanation))
        #expect(cards.map(\.dedupKey) == drafts.map { DedupKey.make($0.question) })
        #expect(cards.allSatisfy { $0.batchID == stored.record.id && $0.origin == .generated && $0.kind == .question })
        #expect(cards.allSatisfy { $0.createdAt == Fixtures.date })
    }

    @Test func continuesPositionsAcrossBatches() async throws {
        let database = await TemporaryDatabase.make()
        let store = try await Store.open(path: database.path, now: Fixtures.now)
        let topic = try await Topics.ensure(on: store, named: "Rome")
        let other = try await Topics.ensure(on: store, named: "Greece")

        _ = try await BatchStorage.store(
            on: store, Fixtures.batch(topicID: topic.id, number: 1, cards: Fixtures.drafts(3)))
        _ = try await BatchStorage.store(
            on: store, Fixtures.batch(topicID: other.id, number: 1, cards: Fixtures.drafts(2)))
        let second = try await BatchStorage.store(
            on: store, Fixtures.batch(topicID: topic.id, number: 2, cards: Fixtures.drafts(2, prefix: "Later")))

        #expect(second.cards.map(\.position) == [4, 5])
        #expect(try await Cards.inTopic(on: store, topicID: topic.id).map(\.position) == [1, 2, 3, 4, 5])
        #expect(try await Cards.inTopic(on: store, topicID: other.id).map(\.position) == [1, 2])
        #expect(try await BatchStorage.lastNumber(on: store, topicID: topic.id) == 2)
        #expect(try await BatchStorage.lastNumber(on: store, topicID: 999) == 0)
        #expect(try await BatchStorage.list(on: store, topicID: topic.id).map(\.plan.number) == [1, 2])
    }

    @Test func skipsAndCountsDuplicatesOfExistingCards() async throws {
        let database = await TemporaryDatabase.make()
        let store = try await Store.open(path: database.path, now: Fixtures.now)
        let topic = try await Topics.ensure(on: store, named: "Rome")
        _ = try await BatchStorage.store(
            on: store,
            Fixtures.batch(
                topicID: topic.id, number: 1,
                cards: [CardDraft(question: "Who was Caesar?", answer: "A", origin: .generated)]))

        let drafts = [
            CardDraft(question: "who  was CAESAR", answer: "Same question", origin: .generated),
            CardDraft(question: "Who was Brutus?", answer: "New", origin: .generated),
            CardDraft(question: "WHO WAS BRUTUS!", answer: "Same as the draft before", origin: .generated),
        ]
        let stored = try await BatchStorage.store(
            on: store, Fixtures.batch(topicID: topic.id, number: 2, cards: drafts, dropped: [.duplicateInTopic: 1]))

        #expect(stored.skippedDuplicates == 2)
        #expect(stored.cards.map(\.question) == ["Who was Brutus?"])
        #expect(stored.cards.map(\.position) == [2])
        #expect(stored.record.cardsKept == 1)
        #expect(stored.record.dropped == [.duplicateInTopic: 2, .duplicateInBatch: 1])
        let reread = try await BatchStorage.list(on: store, topicID: topic.id).last
        #expect(reread == stored.record)
        #expect(try await Cards.inTopic(on: store, topicID: topic.id).map(\.answer) == ["A", "New"])
        #expect(
            Set(try await store.read { try await $0.topicQuestions(topicID: topic.id) }.map(\.dedupKey)) == [
                "who was caesar", "who was brutus",
            ])
    }

    @Test func refusesATakenBatchNumberAndWritesNothing() async throws {
        let database = await TemporaryDatabase.make()
        let store = try await Store.open(path: database.path, now: Fixtures.now)
        let topic = try await Topics.ensure(on: store, named: "Rome")
        _ = try await BatchStorage.store(
            on: store, Fixtures.batch(topicID: topic.id, number: 1, cards: Fixtures.drafts(2)))

        let again = Fixtures.batch(topicID: topic.id, number: 1, cards: Fixtures.drafts(3, prefix: "Other"))
        await #expect(throws: StoreError.batchNumberTaken(topicID: topic.id, number: 1)) {
            try await BatchStorage.store(on: store, again)
        }
        #expect(StoreError.batchNumberTaken(topicID: topic.id, number: 1).description.contains("already stored"))
        #expect(try await store.scalarInteger("SELECT COUNT(*) FROM batches") == 1)
        #expect(try await store.scalarInteger("SELECT COUNT(*) FROM cards") == 2)
    }

    @Test func refusesABatchForAnUnknownTopic() async throws {
        let database = await TemporaryDatabase.make()
        let store = try await Store.open(path: database.path, now: Fixtures.now)

        await #expect(throws: StoreError.topicNotFound(topicID: 42)) {
            try await BatchStorage.store(on: store, Fixtures.batch(topicID: 42, number: 1, cards: Fixtures.drafts(1)))
        }
        #expect(try await store.scalarInteger("SELECT COUNT(*) FROM cards") == 0)
    }

    @Test func listsRecentQuestionsNewestFirst() async throws {
        let database = await TemporaryDatabase.make()
        let store = try await Store.open(path: database.path, now: Fixtures.now)
        let topic = try await Topics.ensure(on: store, named: "Rome")
        _ = try await BatchStorage.store(
            on: store, Fixtures.batch(topicID: topic.id, number: 1, cards: Fixtures.drafts(3)))
        _ = try await BatchStorage.store(
            on: store, Fixtures.batch(topicID: topic.id, number: 2, cards: Fixtures.drafts(2, prefix: "B")))

        #expect(
            try await Cards.recentQuestions(on: store, topicID: topic.id, limit: 3)
                == ["B question 2?", "B question 1?", "Card question 3?"])
        #expect(try await Cards.recentQuestions(on: store, topicID: topic.id, limit: 0) == [])
        #expect(try await Cards.recentQuestions(on: store, topicID: topic.id, limit: 100).count == 5)
    }
}

extension BatchStorageTests {
    @Test func readsUnknownDropReasonsAndReportsUnreadableRows() async throws {
        let database = await TemporaryDatabase.make()
        let store = try await Store.open(path: database.path, now: Fixtures.now)
        let topic = try await Topics.ensure(on: store, named: "Rome")
        let stored = try await BatchStorage.store(
            on: store, Fixtures.batch(topicID: topic.id, number: 1, cards: Fixtures.drafts(1)))

        // A newer fcgen may count reasons this one does not know: they are skipped, not fatal.
        _ = try await store.scalarText(#"UPDATE batches SET dropped_json = '{"from_the_future":3,"too_long":1}'"#)
        #expect(try await BatchStorage.list(on: store, topicID: topic.id).first?.dropped == [.tooLong: 1])

        _ = try await store.scalarText("UPDATE batches SET dropped_json = 'not json'")
        await #expect(throws: StoreError.corruptRow(table: "batches", column: "dropped_json", rowID: stored.record.id))
        {
            try await BatchStorage.list(on: store, topicID: topic.id)
        }
        _ = try await store.scalarText("UPDATE cards SET kind = 'hologram'")
        await #expect(throws: StoreError.corruptRow(table: "cards", column: "kind", rowID: stored.cards[0].id)) {
            try await Cards.inTopic(on: store, topicID: topic.id)
        }
    }

    @Test func aFirstBatchCreatesItsTopicInTheSameTransaction() async throws {
        let database = await TemporaryDatabase.make()
        let store = try await Store.open(path: database.path, now: Fixtures.now)
        let batch = Fixtures.batch(topicID: 0, number: 1, cards: Fixtures.drafts(2))
        await store.setFaultAfterCardInserts(1)
        await #expect(throws: StoreError.injectedFault(afterCardInserts: 1)) {
            try await BatchStorage.store(on: store, batch, creatingTopicNamed: "Rome")
        }
        #expect(try await Topics.named(on: store, "Rome") == nil, "the topic rolls back with its failed first batch")

        await store.setFaultAfterCardInserts(nil)
        let stored = try await BatchStorage.store(on: store, batch, creatingTopicNamed: " Rome ")
        let topic = try #require(try await Topics.named(on: store, "rome"))
        #expect(topic.name == "Rome" && stored.record.topicID == topic.id && stored.cards.count == 2)
        // An existing topic is found, not duplicated.
        let next = try await BatchStorage.store(
            on: store, Fixtures.batch(topicID: 0, number: 2, cards: Fixtures.drafts(1, prefix: "More")),
            creatingTopicNamed: "ROME")
        #expect(next.record.topicID == topic.id)
        #expect(try await store.scalarInteger("SELECT COUNT(*) FROM topics") == 1)
    }
}
