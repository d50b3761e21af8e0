import FCCore
import FCPipeline
import FCStore
import FCTestSupport
import Foundation
import Testing

/// A multiple-choice card's options are stored with it (`cards.choices_json`) and read back in stored order.
struct CardChoicesStorageTests {
    static func choices() throws -> CardChoices {
        try CardChoices.make(["Remus", "Romulus", "Numa", "Tullus"], correctIndex: 1).get()
    }

    @Test func aHandMadeCardKeepsItsOptionsAndAnEditKeepsOrDropsThem() async throws {
        let database = await TemporaryDatabase.make()
        let store = try await Store.open(path: database.path, now: Fixtures.now)
        let topic = try await Topics.ensure(on: store, named: "Rome")
        let choices = try Self.choices()
        let added = try await store.addCard(
            NewCard(
                topicID: topic.id, kind: .mcq, question: "Who founded Rome?", answer: "Romulus", explanation: nil,
                choices: choices))
        #expect(added.map(\.card.choices) == [choices])
        let id = try #require(added.first?.card.id)
        #expect(try await Cards.details(on: store, id: id).card.choices == choices)

        let kept = try await store.updateCard(
            id: id,
            to: CardUpdate(
                kind: .mcq, question: "Who founded the city?", answer: "Romulus", explanation: "Legend.",
                choices: choices),
            alsoTwin: false)
        #expect(kept.card.card.choices == choices && kept.card.card.question == "Who founded the city?")
        let dropped = try await store.updateCard(
            id: id,
            to: CardUpdate(kind: .question, question: "Who founded the city?", answer: "Romulus", explanation: nil),
            alsoTwin: false)
        #expect(dropped.card.card.choices == nil && dropped.card.card.kind == .question)
        #expect(try await store.scalarInteger("SELECT COUNT(*) FROM cards WHERE choices_json IS NOT NULL") == 0)
    }

    /// Into an existing topic (one move) and into a new one (moved a card at a time into its hidden topic).
    @Test(arguments: [false, true]) func anImportStoresOptionsButNeverOnATwin(newTopic: Bool) async throws {
        let database = await TemporaryDatabase.make()
        let store = try await Store.open(path: database.path, now: Fixtures.now)
        let choices = try Self.choices()
        let rows = [
            ImportedCard(
                kind: .mcq, question: "Who founded Rome?", answer: "Romulus", explanation: nil, isReversed: false,
                choices: choices),
            ImportedCard(
                kind: .cloze, question: "{{c1::Romulus}} founded Rome", answer: "Romulus founded Rome",
                explanation: nil, isReversed: false),
            // A store-level twin of a row with options (the card rules refuse such a row before it gets here).
            ImportedCard(
                kind: .mcq, question: "Who was the second king?", answer: "Numa", explanation: nil, isReversed: true,
                choices: try CardChoices.make(["Remus", "Romulus", "Numa", "Tullus"], correctIndex: 2).get()),
        ]
        let topic: Topic
        let summary: ImportSummary
        if newTopic {
            let result = try await ImportCards.run(
                on: store, topicNamed: "Rome", from: ArrayCardRows(rows: rows), moveChunkCards: 1)
            (topic, summary) = (result.topic, result.summary)
        } else {
            topic = try await Topics.ensure(on: store, named: "Rome")
            summary = try await ImportCards.run(on: store, topicID: topic.id, from: ArrayCardRows(rows: rows))
        }
        #expect(summary.cardsStored == 4 && summary.twinsStored == 1)
        #expect(summary.topicCreated == newTopic)
        let cards = try await Cards.inTopic(on: store, topicID: topic.id)
        #expect(cards.map(\.kind) == [.mcq, .cloze, .mcq, .mcq])
        #expect(cards[0].choices == choices)
        #expect(cards[1].choices == nil)
        #expect(cards[2].choices?.correct == "Numa")
        #expect(cards[3].question == "Numa" && cards[3].choices == nil)
    }

    @Test func aBatchKeepsItsMultipleChoiceOptions() async throws {
        let database = await TemporaryDatabase.make()
        let store = try await Store.open(path: database.path, now: Fixtures.now)
        let topic = try await Topics.ensure(on: store, named: "Rome")
        let choices = try CardChoices.make(["Nero", "Augustus", "Trajan", "Hadrian"], correctIndex: 1).get()
        let mcq = CardDraft(
            kind: .mcq, question: "Who was the first emperor?", answer: "Augustus", origin: .generated,
            choices: choices)
        let plain = CardDraft(question: "Who founded Rome?", answer: "Romulus", origin: .generated)
        let stored = try await BatchStorage.store(
            on: store, Fixtures.batch(topicID: topic.id, number: 1, cards: [mcq, plain]))

        #expect(stored.cards.map(\.choices) == [choices, nil])
        let cards = try await Cards.inTopic(on: store, topicID: topic.id)
        #expect(cards == stored.cards)
        #expect(cards.first?.kind == .mcq)
        #expect(cards.first?.choices?.correct == "Augustus")
        #expect(cards.last?.choices == nil)
        #expect(
            try await store.scalarText("SELECT choices_json FROM cards WHERE kind = 'mcq'")
                == #"{"correctIndex":1,"options":["Nero","Augustus","Trajan","Hadrian"]}"#)
        #expect(try await store.scalarInteger("SELECT COUNT(*) FROM cards WHERE choices_json IS NULL") == 1)
        #expect(try await Cards.cards(on: store, ids: [cards[0].id]).first?.choices == choices)
    }

    @Test func optionsThatBreakTheRulesAreACorruptRow() async throws {
        let database = await TemporaryDatabase.make()
        let store = try await Store.open(path: database.path, now: Fixtures.now)
        let topic = try await Topics.ensure(on: store, named: "Rome")
        _ = try await BatchStorage.store(
            on: store, Fixtures.batch(topicID: topic.id, number: 1, cards: Fixtures.drafts(1)))
        try await store.executeInTransaction(
            #"UPDATE cards SET choices_json = '{"options":["A","A","B","C"],"correctIndex":0}'"#)
        await #expect(throws: StoreError.self) { try await Cards.inTopic(on: store, topicID: topic.id) }
    }
}
