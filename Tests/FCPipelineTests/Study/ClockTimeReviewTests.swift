import FCCore
import FCPipeline
import FCScheduler
import FCStore
import FCTestSupport
import Foundation
import Testing

/// A review without a time is dated by the recorder's clock and never refused for being before the card's last
/// review: two requests can read the clock in one order and commit in the other. The clock here goes back on
/// purpose, which is what the second of two such requests sees.
struct ClockTimeReviewTests {
    @Test func aClockTimeBehindTheCardsLastReviewIsRecordedAtItNotRefused() async throws {
        let harness = try await StudyHarness()
        let (_, cards) = try await harness.topic("Rome", cards: 2)
        let user = harness.user.id
        harness.time.advance(by: 3_600)
        let first = harness.time.date
        let recorded = try await harness.service.recorder.record(
            userID: user, cardID: cards[0].id, rating: .good, at: nil)
        #expect(recorded.reviewedAt == first)

        // The second request read the clock before the first committed.
        harness.time.advance(by: -30)
        let second = try await harness.service.recorder.record(
            userID: user, cardID: cards[0].id, rating: .good, at: nil)
        #expect(second.reviewedAt == first)
        #expect(second.state.lastReview == first)
        #expect(second.state.reps == 2)
        let log = try await harness.store.reviewLog(userID: user, cardID: cards[0].id)
        #expect(log.map(\.reviewedAt) == [first, first])
        // Another card has no later review: the clock's time stands.
        let other = try await harness.service.recorder.record(userID: user, cardID: cards[1].id, rating: .good, at: nil)
        #expect(other.reviewedAt == first.addingTimeInterval(-30))

        // A time the caller gave before the last review is still refused, as bad input.
        let before = try await harness.tableContents()
        await #expect {
            try await harness.service.recorder.record(
                userID: user, cardID: cards[0].id, rating: .good, at: first.addingTimeInterval(-10))
        } throws: { error in
            guard case PipelineError.eventTime(let violation) = error,
                case .beforeLastReview(let cardID, let lastReview) = violation.problem
            else { return false }
            return cardID == cards[0].id && lastReview == first && violation.isBadInput && violation.index == nil
        }
        #expect(try await harness.tableContents() == before)
    }

    @Test func aSessionAnswerWithoutATimeIsMovedUpToo() async throws {
        let harness = try await StudyHarness()
        let (topic, _) = try await harness.topic("Rome", cards: 1)
        var rng = SplitMix64(seed: 1)
        let utc = StudyDay(timeZone: TimeZone(secondsFromGMT: 0) ?? .current)
        harness.time.advance(by: 600)
        let session = try await harness.service.start(
            userID: harness.user.id, topicIDs: [topic.id], limit: 10, mode: .spaced, day: utc, using: &rng)
        let card = try #require(session.nextCardID)
        let first = harness.time.date
        try await harness.service.recorder.record(userID: harness.user.id, cardID: card, rating: .good, at: nil)
        harness.time.advance(by: -5)
        let answered = try await harness.service.answer(session, cardID: card, rating: .good)
        #expect(answered.review?.reviewedAt == first)
        #expect(answered.session.position == 1)
    }

    @Test func aBatchDatesItsClockAnswersAtOneInstantMovedUpPerCard() async throws {
        let harness = try await StudyHarness()
        let (_, cards) = try await harness.topic("Rome", cards: 3)
        let user = harness.user.id
        harness.time.advance(by: 3_600)
        let first = harness.time.date
        try await harness.service.recorder.record(userID: user, cardID: cards[0].id, rating: .good, at: nil)
        harness.time.advance(by: -60)
        let now = harness.time.date
        // Two answers without a time (the bulk path) and one given a time, for three cards.
        let results = try await harness.service.recorder.record([
            ReviewInput(userID: user, cardID: cards[0].id, rating: .good, at: nil),
            ReviewInput(userID: user, cardID: cards[1].id, rating: .fail, at: nil),
            ReviewInput(userID: user, cardID: cards[2].id, rating: .good, at: now.addingTimeInterval(-120)),
        ])
        #expect(results.map(\.reviewedAt) == [first, now, now.addingTimeInterval(-120)])
        let state = try await harness.store.cardState(userID: user, cardID: cards[0].id)
        #expect(state?.lastReview == first && state?.reps == 2)

        // Given times are still checked, and a violation names its answer.
        await #expect {
            try await harness.service.recorder.record([
                ReviewInput(userID: user, cardID: cards[1].id, rating: .good, at: nil),
                ReviewInput(userID: user, cardID: cards[0].id, rating: .good, at: first.addingTimeInterval(-1)),
            ])
        } throws: { error in
            guard case PipelineError.eventTime(let violation) = error, case .beforeLastReview = violation.problem
            else { return false }
            return violation.index == 1
        }
        await #expect {
            try await harness.service.recorder.record([
                ReviewInput(userID: user, cardID: cards[1].id, rating: .good, at: nil),
                ReviewInput(userID: user, cardID: cards[2].id, rating: .good, at: now.addingTimeInterval(3_600)),
            ])
        } throws: { error in
            guard case PipelineError.eventTime(let violation) = error, case .inFuture = violation.problem else {
                return false
            }
            return violation.index == 1 && !violation.isBadInput
        }
    }

    @Test func theIdempotentPathMovesItUpAndReplaysTheFirstResponse() async throws {
        let game = try await GameHarness()
        let (_, cards) = try await game.base.topic("Rome", cards: 1)
        let user = game.base.user.id
        game.base.time.advance(by: 3_600)
        let first = game.base.time.date
        try await game.service.recorder.record(userID: user, cardID: cards[0].id, rating: .good, at: nil)
        game.base.time.advance(by: -15)
        let answer = [ReviewInput(userID: user, cardID: cards[0].id, rating: .easy, at: nil)]
        let respond: @Sendable ([ReviewResult]) throws -> String = { results in
            results.map { "\($0.reviewedAt.timeIntervalSince1970) \($0.state.reps)" }.joined(separator: ",")
        }
        let reply = try await game.service.recorder.record(
            answer, userID: user, idempotencyKey: "k1", requestHash: "h1", respond: respond)
        #expect(reply.response == "\(first.timeIntervalSince1970) 2")
        #expect(!reply.replayed)
        let again = try await game.service.recorder.record(
            answer, userID: user, idempotencyKey: "k1", requestHash: "h1", respond: respond)
        #expect(again.replayed && again.response == reply.response)
        let log = try await game.store.reviewLog(userID: user, cardID: cards[0].id)
        #expect(log.map(\.reviewedAt) == [first, first])
    }

    /// A moved review is in the log at the time it was recorded at, its recall window read there (the store's
    /// `ClockTimeWindowTests`), so replaying the log (a rebuild, as a switch of the topic's algorithm does)
    /// reproduces the live states, the recall targeting active (20 reviews in the topic).
    @Test func aRebuildReproducesTheStatesOfMovedReviews() async throws {
        let harness = try await StudyHarness()
        let (topic, cards) = try await harness.topic("Rome", cards: 20)
        let user = harness.user.id
        for card in cards {
            harness.time.advance(by: 60)
            try await harness.service.recorder.record(userID: user, cardID: card.id, rating: .easy, at: nil)
        }
        let last = harness.time.date
        harness.time.advance(by: -1)
        let moved = try await harness.service.recorder.record(
            userID: user, cardID: cards[19].id, rating: .good, at: nil)
        #expect(moved.reviewedAt == last)
        let live = try await RecallTargetingTests.states(harness, cards: cards, userID: user)
        #expect(try await AlgorithmSwitch.setAlgorithm(on: harness.store, .badger, topicID: topic.id) == 20)
        #expect(try await RecallTargetingTests.states(harness, cards: cards, userID: user) == live)
    }
}
