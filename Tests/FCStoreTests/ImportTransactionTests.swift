import FCCore
import FCPipeline
import FCStore
import FCTestSupport
import Foundation
import Testing

struct ImportTransactionTests {
    static let rows = [
        ImportedCard(question: "Q1", answer: "A1", explanation: "E1", isReversed: true),
        ImportedCard(question: "Q2", answer: "A2", explanation: nil, isReversed: false),
        ImportedCard(question: "q2!", answer: "dup", explanation: nil, isReversed: false),
    ]

    @Test func importsRowsWithTwinsAndCountsDuplicates() async throws {
        let database = await TemporaryDatabase.make()
        let store = try await Store.open(path: database.path, now: Fixtures.now)
        let topic = try await Topics.ensure(on: store, named: "T")
        let summary = try await ImportCards.run(on: store, topicID: topic.id, from: ArrayCardRows(rows: Self.rows))
        #expect(summary.rows == 3 && summary.cardsStored == 3 && summary.twinsStored == 1)
        #expect(summary.duplicatesSkipped == 1)
        let cards = try await Cards.details(on: store, topicID: topic.id)
        #expect(cards.map(\.card.question) == ["Q1", "A1", "Q2"])
        #expect(cards.map(\.card.position) == [1, 2, 3])
        #expect(cards[1].reverseOf == cards[0].card.id)
        #expect(cards.allSatisfy { $0.card.origin == .imported })

        let again = try await ImportCards.run(on: store, topicID: topic.id, from: ArrayCardRows(rows: Self.rows))
        #expect(again.cardsStored == 0 && again.duplicatesSkipped == 4)
    }

    @Test func storesNothingWhenTheSourceRefusesOrOnADryRun() async throws {
        let database = await TemporaryDatabase.make()
        let store = try await Store.open(path: database.path, now: Fixtures.now)
        let topic = try await Topics.ensure(on: store, named: "T")
        await #expect(throws: StoreError.invalidPolicy("refused by the test")) {
            _ = try await ImportCards.run(
                on: store, topicID: topic.id, from: ArrayCardRows(rows: Self.rows, refuse: true))
        }
        #expect(try await Cards.inTopic(on: store, topicID: topic.id).isEmpty)
        let dry = try await ImportCards.run(
            on: store, topicID: topic.id, from: ArrayCardRows(rows: Self.rows), dryRun: true)
        #expect(dry.cardsStored == 3 && dry.isDryRun)
        #expect(try await Cards.inTopic(on: store, topicID: topic.id).isEmpty)
        // The store still works after both rollbacks.
        #expect(
            try await ImportCards.run(on: store, topicID: topic.id, from: ArrayCardRows(rows: Self.rows)).cardsStored
                == 3)
    }

    @Test func aNewTopicIsCreatedOnlyWithItsCards() async throws {
        let database = await TemporaryDatabase.make()
        let store = try await Store.open(path: database.path, now: Fixtures.now)
        await #expect(throws: StoreError.invalidPolicy("refused by the test")) {
            _ = try await ImportCards.run(
                on: store, topicNamed: "New", from: ArrayCardRows(rows: Self.rows, refuse: true))
        }
        let dry = try await ImportCards.run(
            on: store, topicNamed: "New", from: ArrayCardRows(rows: Self.rows), dryRun: true)
        #expect(dry.summary.topicCreated && dry.summary.cardsStored == 3 && dry.topic.name == "New")
        #expect(dry.summary.isDryRun && dry.summary.rows == 3)
        #expect(try await store.scalarInteger("SELECT COUNT(*) FROM import_stagings") == 0)
        #expect(
            try await Topics.named(on: store, "New") == nil, "neither a refused import nor a dry run creates a topic")
        #expect(try await store.scalarInteger("SELECT COUNT(*) FROM topics") == 0)

        let stored = try await ImportCards.run(on: store, topicNamed: " New ", from: ArrayCardRows(rows: Self.rows))
        #expect(stored.summary.topicCreated && stored.topic.name == "New")
        #expect(try await Cards.inTopic(on: store, topicID: stored.topic.id).count == 3)
        let again = try await ImportCards.run(on: store, topicNamed: "NEW", from: ArrayCardRows(rows: Self.rows))
        #expect(!again.summary.topicCreated && again.topic.id == stored.topic.id)
    }

    @Test func importsKindsAndPicturesWithTheirOwnDedupKeys() async throws {
        let database = await TemporaryDatabase.make()
        let store = try await Store.open(path: database.path, now: Fixtures.now)
        let picture = NewImage(hash: "abc", mimeType: "image/png", bytes: [1, 2, 3])
        let other = NewImage(hash: "def", mimeType: "image/png", bytes: [4, 5, 6])
        let rows = [
            ImportedCard(
                kind: .truefalse, question: "Rome is old.", answer: "True", explanation: nil, isReversed: false),
            ImportedCard(
                kind: .image, question: "", answer: "Colosseum", explanation: nil, isReversed: false, image: picture),
            ImportedCard(
                kind: .image, question: "", answer: "Arena", explanation: nil, isReversed: false, image: picture),
            ImportedCard(question: "Which emperor?", answer: "Nero", explanation: nil, isReversed: true, image: other),
            ImportedCard(question: "Which emperor", answer: "Trajan", explanation: nil, isReversed: false),
        ]
        let (topic, summary) = try await ImportCards.run(on: store, topicNamed: "T", from: ArrayCardRows(rows: rows))
        #expect(summary.cardsStored == 5 && summary.twinsStored == 1 && summary.duplicatesSkipped == 1)
        let cards = try await Cards.details(on: store, topicID: topic.id)
        #expect(cards.map(\.card.kind) == [.truefalse, .image, .question, .question, .question])
        #expect(cards.map { $0.image?.hash } == [nil, "abc", "def", nil, nil], "a twin has no picture")
        #expect(cards.map(\.card.question) == ["Rome is old.", "", "Which emperor?", "Nero", "Which emperor"])
        #expect(try await store.scalarInteger("SELECT COUNT(*) FROM images") == 2)
    }
}
