package import FCCore
package import FCStore

extension SessionSteps {
    /// Records the learner's "I was right" for the quiz answer at `position` (0-based, its place in the queue): the
    /// answer keeps what was typed and the grader's verdict and is marked overridden, the session counts it right,
    /// and `gamify` decides what the claim earns (``FCGamification/QuizJudgement/overridden``).
    ///
    /// Any answered position of an open quiz session can be claimed, once: claiming an overridden answer again
    /// changes nothing and earns nothing (`alreadyOverridden`). What the claim paid joins the answer's undo record,
    /// so undoing the answer takes both back exactly; an answer after it can no longer be undone once the claim paid
    /// XP (undo is exact or refused, ``undoLastAnswer(in:sessionID:userID:)``).
    ///
    /// - Parameters:
    ///   - cardID: The card answered at `position`, as the caller saw it (a stale caller is refused).
    ///   - time: When the learner made the claim (the award's day).
    /// - Throws: ``FCStore/StoreError/sessionNotFound(id:)`` (also another learner's session),
    ///   ``FCStore/StoreError/sessionEnded(id:)``, ``QuizOverrideRefusal``; whatever `gamify` throws.
    package static func overrideQuizAnswer(
        in db: borrowing Database, sessionID: Int64, userID: Int64, position: Int, cardID: Int64,
        gamify: RecordReview.Gamify? = nil
    ) async throws -> OverriddenAnswer {
        try await db.lockLearners([userID])
        let session = try await db.session(id: sessionID, userID: userID)
        guard !session.isEnded else { throw StoreError.sessionEnded(id: sessionID) }
        guard session.mode == .quiz else { throw QuizOverrideRefusal.notQuiz(sessionID: sessionID, mode: session.mode) }
        guard position >= 0, position < session.position else {
            throw QuizOverrideRefusal.notAnswered(position: position, answered: session.position)
        }
        guard session.queue[position] == cardID else {
            throw QuizOverrideRefusal.otherCard(position: position, cardID: session.queue[position], given: cardID)
        }
        guard let answer = try await db.sessionAnswer(sessionID: sessionID, position: position),
            let verdict = answer.verdict, let undo = try await db.answerUndo(sessionID: sessionID, position: position)
        else { throw QuizOverrideRefusal.notKept(position: position) }
        func result(_ session: StudySessionRecord, xp: Int, again: Bool) -> OverriddenAnswer {
            OverriddenAnswer(
                session: session, position: position, cardID: cardID, typed: answer.typed, verdict: verdict,
                xpGained: xp, alreadyOverridden: again)
        }
        if answer.overridden { return result(session, xp: 0, again: true) }
        guard verdict == .wrong else { throw QuizOverrideRefusal.notWrong(position: position, verdict: verdict) }
        let capture = AnswerUndoCapture(undo)
        var paid = 0
        // A card deleted since its answer still counts in the session, and earns nothing.
        if let gamify, let card = try await db.cards(ids: [cardID]).first {
            var ledger = GamificationLedger()
            var input = try await db.gamificationInput(userID: userID, sessionID: sessionID, ledger: &ledger)
            input.card = AnsweredCard(
                cardID: cardID, topicID: card.topicID,
                lastReviewBefore: try await db.cardState(userID: userID, cardID: cardID)?.lastReview,
                completesTopic: false)
            if let write = try gamify(input) {
                paid = try await RecordReview.pay(write, in: db, userID: userID, ledger: &ledger, undo: capture).paidXP
                try await db.save(ledger)
            }
        }
        // The answer's record gets what the claim paid (undoing the answer takes both back); the session counts the
        // answer right, and so does the record of every later answer, since undoing one of those puts the counters
        // back as its record holds them and must not take the claim back with it.
        try await db.updateAnswerUndo(
            try await capture.completed(in: db, userID: userID), sessionID: sessionID, position: position,
            overridden: true)
        var counted = session
        counted.counts.countOverride()
        try await db.updateSessionProgress(counted, perfect: nil)
        for later in try await db.answerUndos(sessionID: sessionID, after: position) {
            var record = later.undo
            record.session.counts.countOverride()
            try await db.updateAnswerUndo(record, sessionID: sessionID, position: later.position, overridden: false)
        }
        return result(counted, xp: paid, again: false)
    }
}

/// What the learner's "I was right" did (``SessionSteps/overrideQuizAnswer(in:sessionID:userID:position:cardID:gamify:)``).
package struct OverriddenAnswer: Sendable {
    /// The session afterwards: the answer counted right (``FCStore/SessionCounts/overridden``).
    package var session: StudySessionRecord
    package var position: Int
    package var cardID: Int64
    /// What the learner answered, as kept.
    package var typed: String?
    /// The grader's verdict, kept as it was (`wrong`).
    package var verdict: QuizVerdict
    /// The XP the claim paid (0 when the card had paid today already, and for a claim made again).
    package var xpGained: Int
    /// The answer was overridden before: nothing changed.
    package var alreadyOverridden: Bool
}

/// Why a quiz answer cannot be claimed right: the session, as stored, has no wrong quiz answer there. Each names
/// the request member that points at the problem (``field``), for the API's problem document.
package enum QuizOverrideRefusal: Error, Hashable, CustomStringConvertible {
    /// Only quiz answers are graded, so only they can be claimed right.
    case notQuiz(sessionID: Int64, mode: SessionMode)
    /// No answer was given at `position` yet (`answered` answers were).
    case notAnswered(position: Int, answered: Int)
    /// The answer at `position` is to another card than the caller's `given`.
    case otherCard(position: Int, cardID: Int64, given: Int64)
    /// The grader did not say wrong: right answers need no claim, and an empty one has nothing to be right about.
    case notWrong(position: Int, verdict: QuizVerdict)
    /// The answer was recorded before sessions kept verdicts (schema version 24).
    case notKept(position: Int)

    /// The request member at fault; `nil` when it is the session itself.
    package var field: String? {
        switch self {
        case .notQuiz: nil
        case .otherCard: "cardId"
        case .notAnswered, .notWrong, .notKept: "position"
        }
    }

    package var description: String {
        switch self {
        case .notQuiz(let id, let mode):
            "session \(id) is a \(mode.rawValue) session: only a quiz answer can be claimed right"
        case .notAnswered(let position, 0):
            "no answer at position \(position): the session has none yet"
        case .notAnswered(let position, let answered):
            "no answer at position \(position): the session has \(answered) (positions 0 to \(answered - 1))"
        case .otherCard(let position, let cardID, let given):
            "the answer at position \(position) is to card \(cardID), not \(given)"
        case .notWrong(let position, .empty):
            "the answer at position \(position) was empty: there is nothing to claim right"
        case .notWrong(let position, let verdict):
            "the answer at position \(position) was graded \(verdict.rawValue) already"
        case .notKept(let position):
            "the answer at position \(position) was recorded without its verdict and cannot be claimed right"
        }
    }
}
