import FCCore
import FCPipeline
import FCStore
import FCTestSupport
import Foundation
import Testing

/// Source batches: the batch, its cards, their provenance and (first time) the source row in one transaction.
struct SourceProvenanceTests {
    static let source = NewSource(
        fileName: "notes.md", format: "markdown", sha256: String(repeating: "ab", count: 32), byteCount: 1234,
        sectionCount: 2)

    @Test func aSourceBatchStoresTheSourceOnceAndEveryCardsSection() async throws {
        let database = await TemporaryDatabase.make()
        let store = try await Store.open(path: database.path, now: Fixtures.now)
        let first = try await BatchStorage.storeFromSource(
            on: store, Fixtures.batch(topicID: 0, number: 1, cards: Fixtures.drafts(2)), source: .new(Self.source),
            section: SectionProvenance(index: 1, title: "Cells", start: 8, end: 120, page: nil),
            creatingTopicNamed: "Biology", generation: TopicGenerationUpdate(language: LanguageTag("de")))
        let second = try await BatchStorage.storeFromSource(
            on: store,
            Fixtures.batch(topicID: first.stored.record.topicID, number: 2, cards: Fixtures.drafts(1, prefix: "B")),
            source: .stored(id: first.sourceID),
            section: SectionProvenance(index: 2, title: "page 3", start: 130, end: 300, page: 3),
            creatingTopicNamed: nil, generation: TopicGenerationUpdate())
        #expect(second.sourceID == first.sourceID)
        #expect(try await store.scalarInteger("SELECT COUNT(*) FROM sources") == 1)
        #expect(try await store.scalarInteger("SELECT COUNT(*) FROM card_sources") == 3)
        #expect(
            try await TopicPlans.generation(on: store, topicID: first.stored.record.topicID).language?.value == "de")

        let card = try #require(first.stored.cards.first)
        let provenance = try #require(try await store.cardSource(cardID: card.id))
        #expect(
            provenance
                == CardSource(
                    sourceID: first.sourceID, fileName: "notes.md", format: "markdown", sha256: Self.source.sha256,
                    section: 1, sectionTitle: "Cells", start: 8, end: 120, page: nil))
        let secondCard = try #require(second.stored.cards.first)
        let paged = try #require(try await store.cardSource(cardID: secondCard.id))
        #expect(paged.page == 3)
        #expect(paged.sectionTitle == "page 3")
    }

    @Test func aRefusedSourceBatchLeavesNoSourceTopicOrProvenance() async throws {
        let database = await TemporaryDatabase.make()
        let store = try await Store.open(path: database.path, now: Fixtures.now)
        // A NUL in a card is refused by the store: the whole transaction rolls back, the new source with it.
        var drafts = Fixtures.drafts(2)
        drafts[1].answer = "bad\u{0}answer"
        await #expect(throws: StoreError.self) {
            _ = try await BatchStorage.storeFromSource(
                on: store, Fixtures.batch(topicID: 0, number: 1, cards: drafts), source: .new(Self.source),
                section: SectionProvenance(index: 1, title: "Cells", start: 0, end: 10, page: nil),
                creatingTopicNamed: "Biology", generation: TopicGenerationUpdate())
        }
        for table in ["topics", "batches", "cards", "sources", "card_sources"] {
            #expect(try await store.scalarInteger("SELECT COUNT(*) FROM \(table)") == 0, "\(table)")
        }
    }

    @Test func deletingATopicDeletesItsSourcesAndProvenance() async throws {
        let database = await TemporaryDatabase.make()
        let store = try await Store.open(path: database.path, now: Fixtures.now)
        let first = try await BatchStorage.storeFromSource(
            on: store, Fixtures.batch(topicID: 0, number: 1, cards: Fixtures.drafts(2)), source: .new(Self.source),
            section: SectionProvenance(index: 1, title: "Cells", start: 0, end: 10, page: nil),
            creatingTopicNamed: "Biology", generation: TopicGenerationUpdate())
        _ = try await Topics.delete(on: store, id: first.stored.record.topicID, force: true)
        #expect(try await store.scalarInteger("SELECT COUNT(*) FROM sources") == 0)
        #expect(try await store.scalarInteger("SELECT COUNT(*) FROM card_sources") == 0)
    }
}
