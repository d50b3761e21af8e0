import FCCore
import FCGamification
import FCPipeline
import FCStore
import FCTestSupport
import Foundation
import Testing

/// "I was right" through the study service, with gamification on: the answer keeps what was typed and the grader's
/// verdict and is marked overridden, the session counts it right, it earns a right answer's card XP and nothing
/// toward accuracy, and undo takes it back exactly.
struct QuizOverrideTests {
    private let utc = StudyDay(timeZone: TimeZone(secondsFromGMT: 0) ?? .current)

    private func quiz(_ game: GameHarness, _ topic: Topic, user: User? = nil, limit: Int = 10) async throws
        -> StudySessionRecord
    {
        var rng = SplitMix64(seed: 1)
        return try await game.service.start(
            userID: (user ?? game.base.user).id, topicIDs: [topic.id], limit: limit, mode: .quiz, day: utc,
            using: &rng)
    }

    /// Answers the session's next card with `typed` (its right answer when `nil`).
    private func answer(_ game: GameHarness, _ session: StudySessionRecord, _ typed: String? = nil) async throws
        -> (session: StudySessionRecord, card: Card)
    {
        let card = try #require(try await game.service.nextCard(of: session))
        let answered = try await game.service.answerQuiz(session, cardID: card.id, typed: typed ?? card.answer)
        return (answered.session, card)
    }

    /// The session's answer at position 0, as stored.
    private func firstAnswer(_ game: GameHarness, _ session: StudySessionRecord) async throws -> StoredSessionAnswer? {
        let id = session.id
        return try await game.store.read { db in try await db.sessionAnswer(sessionID: id, position: 0) }
    }

    @Test func anOverrideIsKeptCountedRightAndPaysARightAnswersCardXPOnce() async throws {
        let game = try await GameHarness()
        let (topic, _) = try await game.base.topic("Rome", cards: 3)
        var session = try await quiz(game, topic)
        let (answered, card) = try await answer(game, session, "  the Senate ")
        session = answered
        #expect(session.counts == SessionCounts(cards: 1, correct: 0, failed: 1))
        let kept = try #require(
            try await firstAnswer(game, session))
        #expect(kept.typed == "the Senate" && kept.verdict == .wrong && !kept.overridden && kept.cardID == card.id)

        let claim = try await game.service.overrideQuizAnswer(session, position: 0, cardID: card.id)
        #expect(!claim.alreadyOverridden && claim.verdict == .wrong && claim.typed == "the Senate")
        // A right answer on the first try pays 10; claimed right it pays a right answer's 6, and nothing else.
        #expect(claim.xpGained == 6)
        #expect(try await game.totalXP(game.base.user) == 6)
        #expect(try await game.store.scalarInteger("SELECT COUNT(*) FROM xp_events") == 1)
        #expect(claim.session.counts == SessionCounts(cards: 1, correct: 1, failed: 0, overridden: 1))
        #expect(
            try await Sessions.session(on: game.store, id: session.id, userID: session.userID).counts
                == claim.session.counts)
        let marked = try #require(
            try await firstAnswer(game, session))
        #expect(marked.verdict == .wrong && marked.typed == "the Senate" && marked.overridden)
        #expect(try await game.store.scalarInteger("SELECT perfect FROM sessions") == 0)

        // Claimed again: nothing changes, nothing more is paid.
        let before = try await game.base.tableContents()
        let again = try await game.service.overrideQuizAnswer(claim.session, position: 0, cardID: card.id)
        #expect(again.alreadyOverridden && again.xpGained == 0)
        #expect(try await game.base.tableContents() == before)
    }

    @Test func onlyAWrongQuizAnswerOfAnOpenSessionOfTheLearnerCanBeClaimed() async throws {
        let game = try await GameHarness()
        let (topic, _) = try await game.base.topic("Rome", cards: 4)
        var session = try await quiz(game, topic)
        let id = session.id
        await #expect(throws: QuizOverrideRefusal.notAnswered(position: 0, answered: 0)) {
            _ = try await game.service.overrideQuizAnswer(session, position: 0, cardID: session.queue[0])
        }
        let right: Card, empty: Card, wrong: Card
        (session, right) = try await answer(game, session)
        (session, empty) = try await answer(game, session, " ")
        (session, wrong) = try await answer(game, session, "no idea")
        let bo = try await game.learner("bo")
        let before = try await game.base.tableContents()
        await #expect(throws: QuizOverrideRefusal.notWrong(position: 0, verdict: .correct)) {
            _ = try await game.service.overrideQuizAnswer(session, position: 0, cardID: right.id)
        }
        await #expect(throws: QuizOverrideRefusal.notWrong(position: 1, verdict: .empty)) {
            _ = try await game.service.overrideQuizAnswer(session, position: 1, cardID: empty.id)
        }
        await #expect(throws: QuizOverrideRefusal.otherCard(position: 2, cardID: wrong.id, given: right.id)) {
            _ = try await game.service.overrideQuizAnswer(session, position: 2, cardID: right.id)
        }
        await #expect(throws: QuizOverrideRefusal.notAnswered(position: 3, answered: 3)) {
            _ = try await game.service.overrideQuizAnswer(session, position: 3, cardID: session.queue[3])
        }
        // Another learner's session does not exist for them.
        var theirs = session
        theirs.userID = bo.id
        await #expect(throws: StoreError.sessionNotFound(id: id)) {
            _ = try await game.service.overrideQuizAnswer(theirs, position: 2, cardID: wrong.id)
        }
        #expect(try await game.base.tableContents() == before)

        // A spaced session grades nothing; an ended quiz takes no more steps.
        var rng = SplitMix64(seed: 2)
        var spaced = try await game.service.start(
            userID: game.base.user.id, topicIDs: [topic.id], limit: 2, mode: .spaced, day: utc, using: &rng)
        let card = try #require(try await game.service.nextCard(of: spaced))
        spaced = try await game.service.answer(spaced, cardID: card.id, rating: .fail).session
        await #expect(throws: QuizOverrideRefusal.notQuiz(sessionID: spaced.id, mode: .spaced)) {
            _ = try await game.service.overrideQuizAnswer(spaced, position: 0, cardID: card.id)
        }
        let ended = try await game.service.end(session)
        await #expect(throws: StoreError.sessionEnded(id: id)) {
            _ = try await game.service.overrideQuizAnswer(ended, position: 2, cardID: wrong.id)
        }
    }

    @Test func undoTakesAnAnswerBackWithItsClaimExactly() async throws {
        let game = try await GameHarness()
        let (topic, _) = try await game.base.topic("Rome", cards: 3)
        var session = try await quiz(game, topic)
        let start = try await game.base.tableContents()
        let first: Card
        (session, first) = try await answer(game, session, "no idea")
        let afterFirst = try await game.base.tableContents()
        session = try await game.service.overrideQuizAnswer(session, position: 0, cardID: first.id).session
        // The claim is the answer's: undoing the answer takes both back, with the XP.
        var undone = try await game.service.undo(session)
        #expect(undone.xpReturned == 6 && undone.cardID == first.id)
        #expect(try await game.base.tableContents() == start)

        // A claim on an earlier answer stays when a later one is undone, and goes with its own answer.
        session = undone.session
        (session, _) = try await answer(game, session, "no idea")
        #expect(try await game.base.tableContents() == afterFirst)
        (session, _) = try await answer(game, session, "nothing either")
        session = try await game.service.overrideQuizAnswer(session, position: 0, cardID: first.id).session
        #expect(session.counts == SessionCounts(cards: 2, correct: 1, failed: 1, overridden: 1))
        undone = try await game.service.undo(session)
        #expect(undone.xpReturned == 0)
        #expect(undone.session.counts == SessionCounts(cards: 1, correct: 1, failed: 0, overridden: 1))
        #expect(
            try await Sessions.session(on: game.store, id: session.id, userID: session.userID).counts
                == undone.session.counts)
        #expect(
            try await firstAnswer(game, session)?.overridden
                == true)
        #expect(try await game.totalXP(game.base.user) == 6)
        undone = try await game.service.undo(undone.session)
        #expect(undone.xpReturned == 6)
        #expect(try await game.base.tableContents() == start)
    }

    @Test func anOverriddenAnswerEarnsNoAchievementTheSameAnswerRightEarns() async throws {
        let game = try await GameHarness()
        let (topic, _) = try await game.base.topic("Rome", cards: 10)
        // Ten right answers on the first try: Perfectionist.
        var honest = try await quiz(game, topic)
        while try await game.service.nextCard(of: honest) != nil { honest = try await answer(game, honest).session }
        let perfect = try #require(try await game.service.finish(honest).rewards)
        #expect(perfect.achievementsUnlocked.map(\.id).contains(.perfectionist))

        // Another learner, the same quiz, one answer graded wrong and claimed right: counted right, no Perfectionist.
        let bo = try await game.learner("bo")
        var claimed = try await quiz(game, topic, user: bo)
        let (first, card) = try await answer(game, claimed, "a guess")
        claimed = try await game.service.overrideQuizAnswer(first, position: 0, cardID: card.id).session
        while try await game.service.nextCard(of: claimed) != nil { claimed = try await answer(game, claimed).session }
        #expect(claimed.counts == SessionCounts(cards: 10, correct: 10, failed: 0, overridden: 1))
        let rewards = try #require(try await game.service.finish(claimed).rewards)
        #expect(!rewards.achievementsUnlocked.map(\.id).contains(.perfectionist))
        #expect(
            try await game.store.scalarInteger(
                "SELECT COUNT(*) FROM achievements WHERE user_id = \(bo.id) AND achievement_id = 'perfectionist'") == 0)
        // Nine cards on the first try pay 10 each, the claimed one a right answer's 6.
        #expect(
            try await game.store.scalarInteger(
                "SELECT SUM(xp) FROM xp_events WHERE user_id = \(bo.id) AND kind = 'xp:card'") == 9 * 10 + 6)
    }
}
