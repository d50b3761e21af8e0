import FCCore
import FCGamification
import FCStore
import Foundation

extension Gamifier {
    /// Whether an answer at `time` is a *first try*: the learner's first answer to the card on their local day.
    ///
    /// The definition fcgen uses everywhere: an answer is a first try when the learner's previous review of the
    /// card (`card_states.last_review`, read inside the transaction, before this answer) is on an earlier local
    /// day, or there is none. Within a session only a card's first answer can be one: a card that comes back on its
    /// learning steps was reviewed minutes before. Quizzes write no reviews, so quiz answers look at spaced reviews only.
    static func isFirstTry(lastReviewBefore: Date?, at time: Date, timeZone: TimeZone) -> Bool {
        guard let last = lastReviewBefore else { return true }
        return LocalDay(containing: last, in: timeZone) < LocalDay(containing: time, in: timeZone)
    }

    /// A spaced review: `cardReviewed`, then `topicCompleted` when the review made every card of the topic known.
    ///
    /// `known` and `encodesState`: see ``decide(_:input:at:isPerfectSessionAnswer:known:encodesState:)``.
    func decideReview(
        _ input: GamificationInput, rating: Rating, at time: Date, duration: Double,
        known: GamificationState? = nil, encodesState: Bool = true
    ) throws -> Decision? {
        guard let card = input.card else { return nil }
        let firstTry = Self.isFirstTry(
            lastReviewBefore: card.lastReviewBefore, at: time, timeZone: Self.timeZone(input.timeZone))
        var events: [GamificationEvent] = [
            .cardReviewed(
                CardReview(
                    cardID: card.cardID, topicID: card.topicID, rating: rating, isFirstTry: firstTry,
                    duration: duration))
        ]
        if card.completesTopic { events.append(.topicCompleted(topicID: card.topicID)) }
        return try decide(
            events, input: input, at: time,
            isPerfectSessionAnswer: firstTry && rating.isSuccess && input.sessionID != nil, known: known,
            encodesState: encodesState)
    }

    /// A quiz answer found right, by the grader or (`overridden`) by the learner over the grader's "wrong":
    /// `cardAnsweredCorrectly`, which earns what `judgement` allows. A wrong or empty answer earns nothing and is
    /// not decided here.
    func decideQuizAnswer(_ input: GamificationInput, judgement: QuizJudgement, at time: Date) throws -> Decision? {
        guard let card = input.card else { return nil }
        let firstTry = Self.isFirstTry(
            lastReviewBefore: card.lastReviewBefore, at: time, timeZone: Self.timeZone(input.timeZone))
        let answer = CardAnswer(
            cardID: card.cardID, topicID: card.topicID, isFirstTry: firstTry, duration: 0, judgement: judgement)
        return try decide(
            [.cardAnsweredCorrectly(answer)], input: input, at: time, isPerfectSessionAnswer: answer.tier == .perfect)
    }

    /// A session end: `sessionFinished`, which earns the boxes.
    func decideSessionEnd(_ input: GamificationInput) throws -> Decision? {
        guard let ended = input.endedSession, let endedAt = ended.session.endedAt else { return nil }
        let session = ended.session
        let summary = SessionSummary(
            sessionID: session.id, queueSize: session.queue.count, cardsReviewed: session.counts.cards,
            correct: session.counts.correct,
            perfect: ended.perfect, duration: max(0, endedAt.timeIntervalSince(session.startedAt)),
            topicIDs: ended.studiedTopicIDs, cards: session.cardCount, overridden: session.counts.overridden)
        return try decide([.sessionFinished(summary)], input: input, at: endedAt)
    }
}
