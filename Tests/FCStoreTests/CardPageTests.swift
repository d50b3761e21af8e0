import FCCore
import FCPipeline
import FCStore
import FCTestSupport
import Foundation
import Testing

/// Pages of a deck (the service's card listing) and moving cards between topics.
struct CardPageTests {
    private func deck(_ store: Store, _ name: String, _ count: Int) async throws -> (topic: Topic, ids: [Int64]) {
        let topic = try await Topics.ensure(on: store, named: name)
        var ids: [Int64] = []
        for number in 1...count {
            let added = try await store.addCard(
                NewCard(
                    topicID: topic.id, kind: .question, question: "\(name) \(number)?", answer: "A", explanation: nil))
            ids.append(added[0].card.id)
        }
        return (topic, ids)
    }

    private func page(_ store: Store, _ topicID: Int64, after anchor: CardPageAnchor?, _ limit: Int) async throws
        -> [PagedCard]
    {
        try await store.read { try await $0.cardPage(topicID: topicID, userID: 1, after: anchor, limit: limit) }
    }

    @Test func pagesFollowTheDeckAndSurviveDeletesBeforeTheAnchor() async throws {
        let database = await TemporaryDatabase.make()
        let store = try await Store.open(path: database.path, now: Fixtures.now)
        let (topic, ids) = try await deck(store, "Paging", 7)
        let first = try await page(store, topic.id, after: nil, 3)
        #expect(first.map(\.details.card.id) == Array(ids[0..<3]))
        #expect(first.allSatisfy { $0.progress == nil })
        let last = try #require(first.last?.details.card)
        // A card before the anchor goes: the deck closes up, and the next page still starts after the anchor.
        try await store.deleteCards(ids: [ids[0]])
        let anchor = CardPageAnchor(cardID: last.id, position: last.position)
        #expect(try await page(store, topic.id, after: anchor, 3).map(\.details.card.id) == Array(ids[3..<6]))
        // The anchor itself goes: the card that followed it moved up to its position, and comes next.
        let second = try await page(store, topic.id, after: anchor, 3)
        let end = try #require(second.last?.details.card)
        try await store.deleteCards(ids: [end.id])
        let rest = try await page(store, topic.id, after: CardPageAnchor(cardID: end.id, position: end.position), 10)
        #expect(rest.map(\.details.card.id) == [ids[6]])
        await #expect(throws: StoreError.topicNotFound(topicID: 999)) {
            _ = try await page(store, 999, after: nil, 3)
        }
    }

    @Test func aCardMovesToAnotherTopicWithItsTwinAndBothDecksStayNumbered() async throws {
        let database = await TemporaryDatabase.make()
        let store = try await Store.open(path: database.path, now: Fixtures.now)
        let (from, _) = try await deck(store, "From", 2)
        let (to, toIDs) = try await deck(store, "To", 2)
        let pair = try await store.addCard(
            NewCard(topicID: from.id, kind: .question, question: "Q", answer: "A", explanation: nil, withTwin: true))
        _ = try await store.moveCard(id: pair[0].card.id, to: 1)
        let moved = try await store.write("move") { try await $0.moveCard(id: pair[0].card.id, toTopic: to.id) }
        #expect(moved.map(\.card.id) == pair.map(\.card.id))
        #expect(moved.map(\.card.topicID) == [to.id, to.id])
        #expect(moved.map(\.card.position) == [3, 4])
        #expect(moved[1].reverseOf == moved[0].card.id)
        #expect(try await Cards.inTopic(on: store, topicID: from.id).map(\.position) == [1, 2])

        // A question the target already asks: refused, nothing moved.
        let clash = try await store.addCard(
            NewCard(topicID: from.id, kind: .question, question: "to 1?", answer: "B", explanation: nil))
        await #expect(
            throws: StoreError.duplicateQuestion(topicID: to.id, existingCardID: toIDs[0], side: "card")
        ) {
            _ = try await store.write("move") { try await $0.moveCard(id: clash[0].card.id, toTopic: to.id) }
        }
        #expect(try await Cards.details(on: store, id: clash[0].card.id).card.topicID == from.id)
        #expect(try await Cards.inTopic(on: store, topicID: to.id).map(\.position) == [1, 2, 3, 4])
    }
}
