import FCCore
import FCPipeline
import FCStore
import FCTestSupport
import Foundation
import Testing

/// Deleting cards takes them out of every learner's open sessions, from the part still to come: a session never
/// stops at a card that is gone, what was answered stays as it was, and an ended session is history. Burying or
/// suspending a card takes it out of the learner's own open sessions only, and a cloze sibling that an edit of its
/// note's text deletes leaves the sessions as a deleted card does. (The store writes the cards and flags; the use
/// cases take the cards out of the sessions, in the same transaction.)
struct CardsLeaveSessionsTests {
    @Test func deletedCardsLeaveTheUpcomingPartOfEveryOpenSession() async throws {
        let database = await TemporaryDatabase.make()
        let store = try await Store.open(path: database.path, now: ManualNow().now)
        let topic = try await Topics.ensure(on: store, named: "T")
        var added: [Int64] = []
        for index in 1...4 {
            added += try await CardEditing.add(
                on: store,
                NewCard(topicID: topic.id, kind: .question, question: "Q\(index)", answer: "A", explanation: nil)
            ).cards.map(\.card.id)
        }
        let cards = added
        let ana = try await Learners.ensure(on: store, named: "ana").id
        let bo = try await Learners.ensure(on: store, named: "bo").id
        let anas = try await Sessions.start(on: store, userID: ana, mode: .spaced, topicIDs: [topic.id], queue: cards)
        _ = try await store.write("answer") {
            try await SessionSteps.advance(
                in: $0, sessionID: anas.id, userID: ana, cardID: cards[0], answer: SessionAnswer(rating: 2))
        }
        let bos = try await Sessions.start(
            on: store, userID: bo, mode: .free, topicIDs: [topic.id], queue: [cards[2], cards[0]])
        let ended = try await Sessions.start(on: store, userID: bo, mode: .free, topicIDs: [topic.id], queue: cards)
        _ = try await store.write("end") { try await $0.markSessionEnded(id: ended.id, userID: bo, at: 1) }

        try await CardEditing.delete(on: store, ids: [cards[0], cards[2]])

        let anaAfter = try await Sessions.session(on: store, id: anas.id, userID: ana)
        #expect(anaAfter.queue == [cards[0], cards[1], cards[3]], "the answered first card stays in the past")
        #expect(anaAfter.position == 1 && anaAfter.nextCardID == cards[1])
        #expect(try await Sessions.session(on: store, id: bos.id, userID: bo).queue.isEmpty)
        #expect(try await Sessions.session(on: store, id: ended.id, userID: bo).queue == cards)
        #expect(try await Sessions.unfinished(on: store, userID: bo, limit: 5).isEmpty, "nothing left to resume")
        #expect(try await Sessions.unfinished(on: store, userID: ana, limit: 5).map(\.id) == [anas.id])
    }

    @Test func aBuriedOrSuspendedCardLeavesOnlyItsLearnersSessions() async throws {
        let database = await TemporaryDatabase.make()
        let store = try await Store.open(path: database.path, now: ManualNow().now)
        let topic = try await Topics.ensure(on: store, named: "T")
        var cards: [Int64] = []
        for index in 1...3 {
            cards += try await CardEditing.add(
                on: store,
                NewCard(topicID: topic.id, kind: .question, question: "Q\(index)", answer: "A", explanation: nil)
            ).cards.map(\.card.id)
        }
        let ana = try await Learners.ensure(on: store, named: "ana").id
        let bo = try await Learners.ensure(on: store, named: "bo").id
        let anas = try await Sessions.start(on: store, userID: ana, mode: .free, topicIDs: [topic.id], queue: cards)
        let bos = try await Sessions.start(on: store, userID: bo, mode: .free, topicIDs: [topic.id], queue: cards)
        let study = StudyService(store: store, now: ManualNow().now)
        _ = try await study.bury(
            cardIDs: [cards[1]], userID: ana, day: StudyDay(timeZone: TimeZone(identifier: "UTC")!))
        try await study.suspend(cardIDs: [cards[2]], userID: ana)
        #expect(try await Sessions.session(on: store, id: anas.id, userID: ana).queue == [cards[0]])
        #expect(
            try await Sessions.session(on: store, id: bos.id, userID: bo).queue == cards, "bo's cards are not ana's")
    }

    @Test func aClozeSiblingAnEditDeletesLeavesTheSessions() async throws {
        let database = await TemporaryDatabase.make()
        let store = try await Store.open(path: database.path, now: ManualNow().now)
        let topic = try await Topics.ensure(on: store, named: "T")
        let added = try await CardEditing.add(
            on: store,
            NewCard(
                topicID: topic.id, kind: .cloze, question: "{{c1::Rome}} was founded in {{c2::753 BC}}",
                answer: "Rome was founded in 753 BC",
                explanation: nil))
        let note = try #require(added.cards.first).card.id
        let sibling = try #require(added.siblings.first).card.id
        let ana = try await Learners.ensure(on: store, named: "ana").id
        let session = try await Sessions.start(
            on: store, userID: ana, mode: .free, topicIDs: [topic.id], queue: [note, sibling])
        _ = try await CardEditing.edit(on: store, id: note, alsoTwin: false) { _ in
            CardUpdate(
                kind: .cloze, question: "{{c1::Rome}} was founded in 753 BC", answer: "Rome was founded in 753 BC",
                explanation: nil)
        }
        #expect(try await store.read { try await $0.cards(ids: [sibling]) }.isEmpty, "the sibling is gone")
        #expect(try await Sessions.session(on: store, id: session.id, userID: ana).queue == [note])
    }
}
