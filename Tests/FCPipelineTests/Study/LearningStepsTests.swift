import FCCore
import FCPipeline
import FCScheduler
import FCStore
import FCTestSupport
import Foundation
import Testing

/// Learning steps in sessions through the study service, with gamification on (and, through
/// `EngineContractTests`, on PostgreSQL too): a card not passed comes back after 3 other cards, or at once when it
/// is the last; progress counts cards still to pass; undo withdraws the come-back; the stored session keeps it all.
struct LearningStepsTests {
    private let utc = StudyDay(timeZone: TimeZone(secondsFromGMT: 0) ?? .current)

    /// Answers the session's next card, 10 seconds after the previous answer; checks it is `expected` when given.
    private func answer(
        _ game: GameHarness, _ session: inout StudySessionRecord, _ rating: Rating, expected: Int64? = nil
    ) async throws {
        game.base.time.advance(by: 10)
        let card = try #require(session.nextCardID)
        if let expected { #expect(card == expected) }
        session = try await game.service.answer(session, cardID: card, rating: rating).session
        let stored = try await Sessions.session(on: game.store, id: session.id, userID: game.base.user.id)
        #expect(stored == session, "the stored session (what a reload resumes) is the one returned")
    }

    /// A session of up to 10 cards of `topicID` in `mode`, its cards drawn with a fixed seed.
    private func start(_ game: GameHarness, topicID: Int64, mode: SessionMode) async throws -> StudySessionRecord {
        var rng = SplitMix64(seed: 1)
        return try await game.service.start(
            userID: game.base.user.id, topicIDs: [topicID], limit: 10, mode: mode, day: utc, using: &rng)
    }

    @Test func aCardNotPassedComesBackUntilPassedAndUndoWithdrawsItsComeBack() async throws {
        let game = try await GameHarness()
        let (topic, _) = try await game.base.topic("Rome", cards: 5)
        var session = try await start(game, topicID: topic.id, mode: .spaced)
        let cards = session.queue
        #expect(cards.count == 5 && session.cardCount == 5 && session.remaining == 5 && !session.nextIsRepeat)

        // Again: the card comes back after three others; it is still to pass, so 5 remain.
        try await answer(game, &session, .fail, expected: cards[0])
        #expect(session.queue == [cards[0], cards[1], cards[2], cards[3], cards[0], cards[4]])
        #expect(session.remaining == 5 && session.cardCount == 5 && session.position == 1)
        #expect(!session.nextIsRepeat)
        for index in 1...3 { try await answer(game, &session, .easy, expected: cards[index]) }
        #expect(session.nextCardID == cards[0] && session.nextIsRepeat && session.remaining == 2)

        // Again once more with one card left behind it: it comes back at the end. Undo takes that back exactly.
        let before = try await game.base.tableContents()
        try await answer(game, &session, .fail, expected: cards[0])
        #expect(session.queue.suffix(3) == [cards[0], cards[4], cards[0]])
        #expect(session.remaining == 2)
        let undone = try await game.service.undo(session)
        session = undone.session
        #expect(undone.cardID == cards[0])
        #expect(session.queue == [cards[0], cards[1], cards[2], cards[3], cards[0], cards[4]])
        #expect(session.nextCardID == cards[0] && session.nextIsRepeat)
        #expect(try await game.base.tableContents() == before, "undo puts the queue back with everything else")

        // Good passes it (badger's one step); the last card failed comes back at once, as long as it is failed.
        try await answer(game, &session, .good, expected: cards[0])
        #expect(session.remaining == 1)
        for _ in 1...4 {
            try await answer(game, &session, .fail, expected: cards[4])
            #expect(session.nextCardID == cards[4] && session.nextIsRepeat && session.remaining == 1)
        }
        try await answer(game, &session, .good, expected: cards[4])
        #expect(session.nextCardID == nil && session.remaining == 0 && session.cardCount == 5)
        #expect(session.counts.cards == 10 && session.counts.failed == 5)
        let reviews = try await game.store.scalarInteger(
            "SELECT COUNT(*) FROM reviews WHERE session_id = \(session.id)")
        #expect(reviews == 10, "every answer is a review")
        let ended = try await game.service.end(session)
        #expect(ended.isEnded)
    }

    @Test func aNewCardRatedGoodComesBackOnceUnderBadgerAndFSRSButNotLeitner() async throws {
        for (algorithm, answers) in [(SchedulingAlgorithm.badger, 6), (.fsrs, 6), (.leitner, 3)] {
            let game = try await GameHarness()
            let (topic, _) = try await game.base.topic("Rome", cards: 3)
            // No card was reviewed yet, so there is no state to rebuild.
            _ = try await AlgorithmSwitch.setAlgorithm(on: game.store, algorithm, topicID: topic.id)
            var session = try await start(game, topicID: topic.id, mode: .spaced)
            var given = 0
            while session.nextCardID != nil, given < 20 {
                try await answer(game, &session, .good)
                given += 1
            }
            #expect(given == answers, "\(algorithm): \(session.queue)")
        }
    }

    @Test func freePracticeAsksAFailedCardAgainAndUndoWithdrawsIt() async throws {
        let game = try await GameHarness()
        let (topic, _) = try await game.base.topic("Rome", cards: 3)
        var session = try await start(game, topicID: topic.id, mode: .free)
        let cards = session.queue
        try await answer(game, &session, .fail, expected: cards[0])
        #expect(session.queue == cards + [cards[0]] && session.remaining == 3)
        let undone = try await game.service.undo(session)
        #expect(undone.session.queue == cards && undone.session.nextCardID == cards[0])
        session = undone.session
        try await answer(game, &session, .difficult, expected: cards[0])
        #expect(session.queue == cards && session.remaining == 2, "anything but again passes in free practice")
        try await answer(game, &session, .fail, expected: cards[1])
        try await answer(game, &session, .good, expected: cards[2])
        try await answer(game, &session, .good, expected: cards[1])
        #expect(session.nextCardID == nil && session.remaining == 0)
        #expect(
            try await game.store.scalarInteger("SELECT COUNT(*) FROM reviews") == 0, "free practice reviews nothing")
    }
}
