import FCCore
import FCPipeline
import FCStore
import FCTestSupport
import Foundation
import Testing

/// A rule that lived twice before the bulk path moved into `RecordReview` (once in the store's reading of one
/// review's context, once in its buffered batch): when the topic's algorithm changed behind the recorder's back, a
/// review rebuilds the card's state from its log first, reading each logged review's recall window when the new
/// algorithm targets recall. A batch (the bulk path) and the same answers recorded one by one store the same
/// states and logs, on both engines, switching either way.
struct ReviewBulkRebuildTests {
    /// 12 answers, 4 to each of 3 cards, a day apart.
    static func stored(_ cards: [Card], userID: Int64) -> [ReviewInput] {
        (0..<12).map { index in
            ReviewInput(
                userID: userID, cardID: cards[index % 3].id, rating: index % 4 == 1 ? .fail : .good,
                at: StudyHarness.start.addingTimeInterval(3_600 + Double(index) * 86_400))
        }
    }

    /// 6 answers after the switch, every card answered twice.
    static func batch(_ cards: [Card], userID: Int64) -> [ReviewInput] {
        (0..<6).map { index in
            ReviewInput(
                userID: userID, cardID: cards[index % 3].id, rating: index == 4 ? .fail : .good,
                at: StudyHarness.start.addingTimeInterval(20 * 86_400 + Double(index) * 3_600))
        }
    }

    @Test(arguments: [("badger", "fsrs"), ("fsrs", "badger")])
    func aBatchAfterTheTopicSwitchedRebuildsAsOneReviewAloneDoes(from: String, to: String) async throws {
        let single = try await StudyHarness()
        let batched = try await StudyHarness()
        var cardsOf: [[Card]] = []
        for harness in [single, batched] {
            let (topic, cards) = try await harness.topic("Rome", cards: 3)
            cardsOf.append(cards)
            _ = try await harness.store.scalarInteger("UPDATE topics SET algorithm = '\(from)' WHERE id = \(topic.id)")
            harness.time.advance(by: 30 * 86_400)
            try await harness.service.recorder.record(Self.stored(cards, userID: harness.user.id))
            _ = try await harness.store.scalarInteger("UPDATE topics SET algorithm = '\(to)' WHERE id = \(topic.id)")
        }

        var expected: [ReviewResult] = []
        for answer in Self.batch(cardsOf[0], userID: single.user.id) {
            expected.append(
                try await single.service.recorder.record(
                    userID: answer.userID, cardID: answer.cardID, rating: answer.rating, at: answer.time))
        }
        let results = try await batched.service.recorder.record(Self.batch(cardsOf[1], userID: batched.user.id))

        #expect(results.map(\.algorithm.rawValue) == Array(repeating: to, count: 6))
        #expect(results.map(\.state) == expected.map(\.state))
        #expect(results.map(\.state.reps) == [5, 5, 5, 6, 6, 6])
        for (singleCard, batchedCard) in zip(cardsOf[0], cardsOf[1]) {
            let singleState = try await single.store.cardState(userID: single.user.id, cardID: singleCard.id)
            let batchedState = try await batched.store.cardState(userID: batched.user.id, cardID: batchedCard.id)
            #expect(
                batchedState
                    == singleState.map { state in
                        var state = state
                        state.cardID = batchedCard.id
                        state.userID = batched.user.id
                        return state
                    })
            let singleLog = try await single.store.reviewLog(userID: single.user.id, cardID: singleCard.id)
            let batchedLog = try await batched.store.reviewLog(userID: batched.user.id, cardID: batchedCard.id)
            #expect(batchedLog == singleLog)
        }
    }
}
