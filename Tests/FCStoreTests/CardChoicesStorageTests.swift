import FCCore
import FCStore
import FCTestSupport
import Foundation
import Testing

/// A multiple-choice card's options are stored with it (`cards.choices_json`) and read back in stored order.
struct CardChoicesStorageTests {
    @Test func aBatchKeepsItsMultipleChoiceOptions() async throws {
        let database = TemporaryDatabase()
        let store = try Store(path: database.path, now: Fixtures.now)
        let topic = try await store.ensureTopic(named: "Rome")
        let choices = try CardChoices.make(["Nero", "Augustus", "Trajan", "Hadrian"], correctIndex: 1).get()
        let mcq = CardDraft(
            kind: .mcq, question: "Who was the first emperor?", answer: "Augustus", origin: .generated,
            choices: choices)
        let plain = CardDraft(question: "Who founded Rome?", answer: "Romulus", origin: .generated)
        let stored = try await store.storeBatch(Fixtures.batch(topicID: topic.id, number: 1, cards: [mcq, plain]))

        #expect(stored.cards.map(\.choices) == [choices, nil])
        let cards = try await store.cards(topicID: topic.id)
        #expect(cards == stored.cards)
        #expect(cards.first?.kind == .mcq)
        #expect(cards.first?.choices?.correct == "Augustus")
        #expect(cards.last?.choices == nil)
        #expect(
            try await store.scalarText("SELECT choices_json FROM cards WHERE kind = 'mcq'")
                == #"{"correctIndex":1,"options":["Nero","Augustus","Trajan","Hadrian"]}"#)
        #expect(try await store.scalarInteger("SELECT COUNT(*) FROM cards WHERE choices_json IS NULL") == 1)
        #expect(try await store.cards(ids: [cards[0].id]).first?.choices == choices)
    }

    @Test func optionsThatBreakTheRulesAreACorruptRow() async throws {
        let database = TemporaryDatabase()
        let store = try Store(path: database.path, now: Fixtures.now)
        let topic = try await store.ensureTopic(named: "Rome")
        _ = try await store.storeBatch(Fixtures.batch(topicID: topic.id, number: 1, cards: Fixtures.drafts(1)))
        try await store.executeInTransaction(
            #"UPDATE cards SET choices_json = '{"options":["A","A","B","C"],"correctIndex":0}'"#)
        await #expect(throws: StoreError.self) { try await store.cards(topicID: topic.id) }
    }
}
