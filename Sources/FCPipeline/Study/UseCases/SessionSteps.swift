package import FCCore
package import FCStore

/// Where a session moves on without a review, and where it ends: each a sequence of reads, decisions and writes in
/// the transaction of the caller's `Store.write`. (A spaced session's answer is a review: ``RecordReview``.)
package enum SessionSteps {
    /// Counts a quiz (or free) answer in its session, with the undo record for it, and runs `gamify` for it.
    /// `comesBack`: the card is asked again later in the session (a card failed in free practice).
    ///
    /// - Returns: The session moved on, and what the gamification wrote (`nil` when `gamify` is `nil` or returned
    ///   `nil`).
    /// - Throws: ``FCStore/StoreError/sessionConflict(id:problem:)`` when the session ended or expects another
    ///   card; whatever `gamify` throws.
    package static func answerWithoutReview(
        in db: borrowing Database, sessionID: Int64, userID: Int64, cardID: Int64, answer: SessionAnswer,
        comesBack: Bool = false, gamify: RecordReview.Gamify? = nil
    ) async throws -> (session: StudySessionRecord, gamification: GamificationCommit?) {
        try await db.lockLearners([userID])
        let undo = try await db.beginAnswerUndo(sessionID: sessionID, userID: userID, cardID: cardID)
        let session = try await db.advanceSession(
            id: sessionID, userID: userID, cardID: cardID, answer: answer, comesBack: comesBack)
        var commit: GamificationCommit?
        if let gamify {
            var ledger = GamificationLedger()
            var input = try await db.gamificationInput(userID: userID, sessionID: sessionID, ledger: &ledger)
            let card = try await db.card(id: cardID)
            input.card = AnsweredCard(
                cardID: cardID, topicID: card.topicID,
                lastReviewBefore: try await db.cardState(userID: userID, cardID: cardID)?.lastReview,
                completesTopic: false)
            if let write = try gamify(input) {
                commit = try await RecordReview.pay(write, in: db, userID: userID, ledger: &ledger, undo: undo)
                try await db.save(ledger)
            }
        }
        try await db.storeAnswerUndo(
            undo, sessionID: sessionID, userID: userID, reviewID: nil, stateAfter: nil, quiz: answer.quiz)
        return (session, commit)
    }

    /// Ends the session and, when this call ended it, runs `gamify` for it.
    ///
    /// Ending an ended session returns it unchanged and runs nothing, so a repeated `session end` earns no boxes.
    package static func endSession(
        in db: borrowing Database, id: Int64, userID: Int64, gamify: RecordReview.Gamify? = nil
    ) async throws -> (session: StudySessionRecord, gamification: GamificationCommit?) {
        try await db.lockLearners([userID])
        let ended = try await db.markSessionEnded(id: id, userID: userID)
        let session = try await db.session(id: id, userID: userID)
        guard ended, let gamify else { return (session, nil) }
        var ledger = GamificationLedger()
        var input = try await db.gamificationInput(userID: userID, sessionID: id, ledger: &ledger)
        input.endedSession = EndedSession(
            session: session, perfect: try await db.perfectAnswers(sessionID: id),
            studiedTopicIDs: try await db.answeredTopicIDs(session))
        guard let write = try gamify(input) else { return (session, nil) }
        let commit = try await db.applyGamification(write, userID: userID, ledger: &ledger)
        try await db.save(ledger)
        return (session, commit)
    }

    /// Undoes the session's last answer: deletes its review, puts the card state, the session's position, queue
    /// (the card's come-back taken out) and counters and every gamification row it changed back as they were, and
    /// deletes what it inserted (XP awards, achievements, boxes). The undone card is the session's next card again.
    ///
    /// Undo is exact or refused: when the card was reviewed again since, or the learner's gamification state moved
    /// on (another answer, a review elsewhere, opened boxes), restoring the answer's before-images would throw that
    /// later event away, so nothing is changed and a ``FCStore/StoreError/sessionConflict(id:problem:)`` says why.
    /// Repeated undos walk back through the session's answers, latest first.
    ///
    /// - Throws: ``FCStore/StoreError/sessionNotFound(id:)``, ``FCStore/StoreError/sessionEnded(id:)``,
    ///   ``FCStore/StoreError/sessionConflict(id:problem:)``.
    package static func undoLastAnswer(in db: borrowing Database, sessionID: Int64, userID: Int64) async throws
        -> UndoneAnswer
    {
        let session = try await db.session(id: sessionID, userID: userID)
        guard !session.isEnded else { throw StoreError.sessionEnded(id: sessionID) }
        func refuse(_ problem: String) -> StoreError { .sessionConflict(id: sessionID, problem: problem) }
        guard session.position > 0 else { throw refuse("nothing to undo: no card was answered yet") }
        guard let undo = try await db.answerUndo(sessionID: sessionID, position: session.position - 1),
            session.queue[session.position - 1] == undo.cardID
        else { throw refuse("its last answer was recorded without undo information and cannot be undone") }
        if undo.reviewID != nil || undo.stateAfter != nil {
            guard try await db.cardState(userID: userID, cardID: undo.cardID) == undo.stateAfter else {
                throw refuse(
                    "card \(undo.cardID) was reviewed again (or deleted) since; only the latest answer can be undone")
            }
        }
        if let gamification = undo.gamification {
            guard try await db.gamificationStateRow(userID: userID) == gamification.stateAfter else {
                throw refuse("the learner has earned or spent XP since; only the latest answer can be undone")
            }
            try await db.restore(gamification, userID: userID)
        }
        if let reviewID = undo.reviewID { try await db.deleteReview(id: reviewID) }
        if let before = undo.stateBefore {
            try await db.upsertState(before)
        } else if undo.stateAfter != nil {
            try await db.deleteCardState(userID: userID, cardID: undo.cardID)
        }
        try await db.restore(undo.session, sessionID: sessionID)
        try await db.withdrawComeBack(
            sessionID: sessionID, userID: userID, cardID: undo.cardID, position: undo.session.position)
        try await db.deleteAnswerUndo(sessionID: sessionID, position: undo.session.position)
        return UndoneAnswer(
            session: try await db.session(id: sessionID, userID: userID), cardID: undo.cardID,
            reviewRemoved: undo.reviewID != nil, xpReturned: undo.gamification?.paidXP ?? 0)
    }
}
