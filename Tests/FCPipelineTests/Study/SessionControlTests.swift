import FCCore
import FCPipeline
import FCStore
import FCTestSupport
import Foundation
import Testing

/// Skip, undo, bury, suspend and ended sessions through the study service, with gamification on.
struct SessionControlTests {
    private let utc = StudyDay(timeZone: TimeZone(secondsFromGMT: 0) ?? .current)

    private func spaced(_ game: GameHarness, _ topic: Topic, limit: Int = 10) async throws -> StudySessionRecord {
        var rng = SplitMix64(seed: 1)
        return try await game.service.start(
            userID: game.base.user.id, topicIDs: [topic.id], limit: limit, mode: .spaced, day: utc, using: &rng)
    }

    @Test func undoPutsEveryRowBackExactlyAnswerByAnswer() async throws {
        let game = try await GameHarness()
        let (topic, _) = try await game.base.topic("Rome", cards: 5)
        var session = try await spaced(game, topic)
        var dumps = [try await game.base.tableContents()]
        var paid: [Int] = []
        for rating in [Rating.good, .fail, .easy] {
            let card = try #require(try await game.service.nextCard(of: session))
            let answered = try await game.service.answer(session, cardID: card.id, rating: rating)
            session = answered.session
            paid.append(answered.review?.rewards?.xpGained ?? 0)
            dumps.append(try await game.base.tableContents())
        }
        #expect(paid[0] > 0, "the first answer pays (a perfect card, First Steps)")
        #expect(try await game.totalXP(game.base.user) == paid.reduce(0, +))

        // Each undo takes back exactly one answer: every table is as it was before that answer.
        for index in stride(from: 2, through: 0, by: -1) {
            let undone = try await game.service.undo(session)
            session = undone.session
            #expect(undone.xpReturned == paid[index])
            #expect(undone.reviewRemoved)
            #expect(try await game.base.tableContents() == dumps[index], "after undoing answer \(index + 1)")
        }
        await #expect(
            throws: StoreError.sessionConflict(id: session.id, problem: "nothing to undo: no card was answered yet")
        ) {
            _ = try await game.service.undo(session)
        }

        // Answered again, the card pays again: the undone award is gone from the ledger.
        let card = try #require(try await game.service.nextCard(of: session))
        let again = try await game.service.answer(session, cardID: card.id, rating: .good)
        #expect(again.review?.rewards?.xpGained == paid[0])
    }

    @Test func undoIsRefusedAndChangesNothingOnceTheLearnerMovedOn() async throws {
        let game = try await GameHarness()
        let (topic, cards) = try await game.base.topic("Rome", cards: 5)
        var session = try await spaced(game, topic, limit: 10)
        let card = try #require(try await game.service.nextCard(of: session))
        session = try await game.service.answer(session, cardID: card.id, rating: .good).session
        // A review outside the session moves the learner's XP and state on.
        let other = try #require(cards.first { $0.id != card.id })
        game.base.time.advance(by: 60)
        try await game.service.recorder.record(
            userID: game.base.user.id, cardID: other.id, rating: .good, at: game.base.time.date)
        let before = try await game.base.tableContents()
        await #expect(throws: StoreError.self) { _ = try await game.service.undo(session) }
        #expect(try await game.base.tableContents() == before)
    }

    @Test func anEndedSessionRefusesEveryStepWithOneError() async throws {
        let game = try await GameHarness()
        let (topic, _) = try await game.base.topic("Rome", cards: 3)
        let session = try await spaced(game, topic)
        let card = try #require(try await game.service.nextCard(of: session))
        let ended = try await game.service.finish(session).session
        let refused = StoreError.sessionEnded(id: session.id)
        let userID = game.base.user.id
        await #expect(throws: refused) { _ = try await game.service.openSession(id: session.id, userID: userID) }
        await #expect(throws: refused) { _ = try await game.service.nextCard(of: ended) }
        await #expect(throws: refused) { _ = try await game.service.answer(ended, cardID: card.id, rating: .good) }
        await #expect(throws: refused) { _ = try await game.service.skip(ended, cardID: card.id) }
        await #expect(throws: refused) { _ = try await game.service.undo(ended) }
    }

    @Test func aSkippedCardComesBackAfterTheOthersAndAnswersFollowTheQueue() async throws {
        let game = try await GameHarness()
        let (topic, _) = try await game.base.topic("Rome", cards: 3)
        var session = try await spaced(game, topic)
        let first = try #require(session.nextCardID)
        let second = session.queue[1]
        await #expect(
            throws: StoreError.sessionConflict(id: session.id, problem: "the next card is \(first), not \(second)")
        ) {
            _ = try await game.service.answer(session, cardID: second, rating: .good)
        }
        session = try await game.service.skip(session, cardID: first)
        #expect(session.nextCardID == second)
        #expect(session.queue.last == first)
        #expect(
            try await Sessions.session(on: game.store, id: session.id, userID: game.base.user.id).queue == session.queue
        )
        #expect(session.counts.cards == 0, "a skip is no answer")
    }

    @Test func aBuriedCardWaitsForTheLearnersNextDayAndLeavesOpenSessions() async throws {
        let game = try await GameHarness()
        let (topic, cards) = try await game.base.topic("Rome", cards: 3)
        let session = try await spaced(game, topic)
        let userID = game.base.user.id
        let burial = try await game.service.bury(cardIDs: [cards[0].id], userID: userID, day: utc)
        #expect(burial.cardIDs == [cards[0].id] && burial.siblingIDs.isEmpty, "no cloze card: nothing else buried")
        let until = burial.until
        #expect(until == utc.endOfDay(containing: game.base.time.date).addingTimeInterval(0.001))
        #expect(
            !(try await Sessions.session(on: game.store, id: session.id, userID: userID).queue.contains(cards[0].id)))
        var rng = SplitMix64(seed: 2)
        let today = try await game.service.spacedQueue(userID: userID, topicIDs: nil, limit: 10, day: utc, using: &rng)
        #expect(!today.contains(cards[0].id))
        let summary = try #require(
            try await StudyReads.topicSummaries(on: game.store, userID: userID, until: until).first)
        #expect(summary.newCount == 2)
        game.base.time.advance(by: until.timeIntervalSince(game.base.time.date))
        let tomorrow = try await game.service.spacedQueue(
            userID: userID, topicIDs: nil, limit: 10, day: utc, using: &rng)
        #expect(tomorrow.contains(cards[0].id))
    }

    @Test func aSuspendedCardStaysOutUntilUnsuspended() async throws {
        let game = try await GameHarness()
        let (_, cards) = try await game.base.topic("Rome", cards: 2)
        let userID = game.base.user.id
        func queue() async throws -> [Int64] {
            var rng = SplitMix64(seed: 4)
            return try await game.service.spacedQueue(userID: userID, topicIDs: nil, limit: 10, day: utc, using: &rng)
        }
        try await game.service.suspend(cardIDs: [cards[1].id], userID: userID)
        game.base.time.advance(by: 30 * 86_400)
        #expect(try await queue() == [cards[0].id])
        try await game.service.unsuspend(cardIDs: [cards[1].id], userID: userID)
        #expect(try await queue() == cards.map(\.id))
        await #expect(throws: StoreError.cardNotFound(id: 999)) {
            try await game.service.suspend(cardIDs: [999], userID: userID)
        }
    }

    @Test func abandonedSessionsAreNoStudyInStatistics() async throws {
        let game = try await GameHarness()
        let (topic, _) = try await game.base.topic("Rome", cards: 3)
        let abandoned = try await spaced(game, topic)
        _ = try await game.service.finish(abandoned)
        var studied = try await spaced(game, topic)
        let card = try #require(try await game.service.nextCard(of: studied))
        studied = try await game.service.answer(studied, cardID: card.id, rating: .good).session
        let stats = try await game.service.statistics(user: game.base.user, day: utc)
        #expect(stats.recentSessions.map(\.id) == [studied.id])
    }
}
