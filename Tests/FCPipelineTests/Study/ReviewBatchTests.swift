import FCCore
import FCPipeline
import FCStore
import FCTestSupport
import Foundation
import Testing

/// Recording answers in one transaction gives the states of recording them one by one, all or nothing.
struct ReviewBatchTests {
    static func answers(_ cards: [Card], userID: Int64, start: Date) -> [ReviewInput] {
        (0..<90).map { index in
            let rating: Rating = index % 7 == 0 ? .fail : index % 4 == 0 ? .easy : .good
            return ReviewInput(
                userID: userID, cardID: cards[index % cards.count].id, rating: rating,
                at: start.addingTimeInterval(Double(index) * 3_600))
        }
    }

    @Test func aBatchEqualsRecordingOneByOne() async throws {
        let single = try await StudyHarness()
        let batched = try await StudyHarness()
        let (_, singleCards) = try await single.topic("Rome", cards: 9)
        let (_, batchedCards) = try await batched.topic("Rome", cards: 9)
        let start = single.time.date
        // The clock runs ahead to the last review: a review cannot be dated in the future.
        single.time.advance(by: 90 * 3_600)
        batched.time.advance(by: 90 * 3_600)
        for answer in Self.answers(singleCards, userID: single.user.id, start: start) {
            try await single.service.recorder.record(
                userID: answer.userID, cardID: answer.cardID, rating: answer.rating, at: answer.time)
        }
        let results = try await batched.service.recorder.record(
            Self.answers(batchedCards, userID: batched.user.id, start: start))
        #expect(results.count == 90)
        for (one, other) in zip(singleCards, batchedCards) {
            let expected = try await single.store.cardState(userID: single.user.id, cardID: one.id)
            let actual = try await batched.store.cardState(userID: batched.user.id, cardID: other.id)
            #expect(expected == actual)
        }
    }

    @Test func aFailingAnswerStoresNothingOfTheBatch() async throws {
        let harness = try await StudyHarness()
        let (_, cards) = try await harness.topic("Rome", cards: 3)
        var answers = Self.answers(cards, userID: harness.user.id, start: harness.time.date).prefix(5).map { $0 }
        answers.append(ReviewInput(userID: harness.user.id, cardID: 999, rating: .good, at: harness.time.date))
        // The clock runs ahead to the last review: a review cannot be dated in the future.
        harness.time.advance(by: 5 * 3_600)
        await #expect(throws: StoreError.cardNotFound(id: 999)) {
            try await harness.service.recorder.record(answers)
        }
        #expect(try await harness.store.scalarInteger("SELECT COUNT(*) FROM reviews") == 0)
        #expect(try await harness.store.scalarInteger("SELECT COUNT(*) FROM card_states") == 0)
    }
}
