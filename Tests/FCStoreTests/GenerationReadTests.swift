import FCCore
import FCPipeline
import FCStore
import FCTestSupport
import Foundation
import Testing

/// What the service's generation progress reads: a topic by id, and the cards one batch stored.
struct GenerationReadTests {
    @Test func findsATopicByIdAndTheCardsOfOneBatchInDeckOrder() async throws {
        let database = await TemporaryDatabase.make()
        let store = try await Store.open(path: database.path, now: Fixtures.now)
        let topic = try await Topics.ensure(on: store, named: "Geology")
        let other = try await Topics.ensure(on: store, named: "Botany")
        _ = try await BatchStorage.store(
            on: store, Fixtures.batch(topicID: topic.id, number: 1, cards: Fixtures.drafts(3)))
        let second = try await BatchStorage.store(
            on: store, Fixtures.batch(topicID: topic.id, number: 2, cards: Fixtures.drafts(2, prefix: "B")))
        _ = try await BatchStorage.store(
            on: store, Fixtures.batch(topicID: other.id, number: 2, cards: Fixtures.drafts(4, prefix: "C")))

        #expect(try await store.read { try await $0.topic(id: topic.id) } == topic)
        #expect(try await store.read { try await $0.topic(id: 9_999) } == nil)
        let cards = try await store.read { try await $0.cards(topicID: topic.id, batchNumber: 2) }
        #expect(cards == second.cards)
        #expect(cards.map(\.position) == [4, 5])
        #expect(try await store.read { try await $0.cards(topicID: topic.id, batchNumber: 3) }.isEmpty)
    }
}
