import FCCore
import FCPipeline
import FCStore
import FCTestSupport
import Testing

/// Deleting cards takes them out of every learner's open sessions, from the part still to come: a session never
/// stops at a card that is gone, what was answered stays as it was, and an ended session is history.
struct CardDeletionSessionTests {
    @Test func deletedCardsLeaveTheUpcomingPartOfEveryOpenSession() async throws {
        let database = await TemporaryDatabase.make()
        let store = try await Store.open(path: database.path, now: Fixtures.now)
        let topic = try await Topics.ensure(on: store, named: "T")
        var added: [Int64] = []
        for index in 1...4 {
            added += try await store.addCard(
                NewCard(topicID: topic.id, kind: .question, question: "Q\(index)", answer: "A", explanation: nil)
            ).map(\.card.id)
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

        try await store.deleteCards(ids: [cards[0], cards[2]])

        let anaAfter = try await Sessions.session(on: store, id: anas.id, userID: ana)
        #expect(anaAfter.queue == [cards[0], cards[1], cards[3]], "the answered first card stays in the past")
        #expect(anaAfter.position == 1 && anaAfter.nextCardID == cards[1])
        #expect(try await Sessions.session(on: store, id: bos.id, userID: bo).queue.isEmpty)
        #expect(try await Sessions.session(on: store, id: ended.id, userID: bo).queue == cards)
        #expect(try await Sessions.unfinished(on: store, userID: bo, limit: 5).isEmpty, "nothing left to resume")
        #expect(try await Sessions.unfinished(on: store, userID: ana, limit: 5).map(\.id) == [anas.id])
    }
}
