package import FCCore
package import FCStore

/// Where a session answer is recorded, and where a session ends: each a sequence of reads, decisions and writes in
/// the transaction of the caller's `Store.write`. A spaced session's answer is a review (``RecordReview``), which
/// moves its session on with ``advance(in:sessionID:userID:cardID:answer:comesBack:)``; a skip is
/// `SessionSteps+Skip`, an undo `SessionSteps+Undo`, the learner's "I was right" `SessionSteps+Override`.
package enum SessionSteps {
    /// Checks that `cardID` is the session's next card, then counts `answer` and moves on, putting the card back
    /// later in the queue when it `comesBack` (``FCStore/StudySessionRecord/advance(cardID:answer:comesBack:)``).
    ///
    /// - Throws: ``FCStore/StoreError/sessionNotFound(id:)``, ``FCStore/StoreError/sessionEnded(id:)``,
    ///   ``FCStore/StoreError/sessionConflict(id:problem:)``.
    package static func advance(
        in db: borrowing Database, sessionID: Int64, userID: Int64, cardID: Int64, answer: SessionAnswer,
        comesBack: Bool = false
    ) async throws -> StudySessionRecord {
        var session = try await db.session(id: sessionID, userID: userID)
        try session.advance(cardID: cardID, answer: answer, comesBack: comesBack)
        if comesBack { try await db.saveQueue(session) }
        try await db.updateSessionProgress(session, perfect: nil)
        return session
    }

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
        let undo = try await AnswerUndoCapture.begin(in: db, sessionID: sessionID, userID: userID, cardID: cardID)
        let session = try await advance(
            in: db, sessionID: sessionID, userID: userID, cardID: cardID, answer: answer, comesBack: comesBack)
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
        try await undo.store(
            in: db, sessionID: sessionID, userID: userID, reviewID: nil, stateAfter: nil, quiz: answer.quiz)
        return (session, commit)
    }

    /// Ends the session and, when this call ended it, runs `gamify` for it.
    ///
    /// Ending an ended session returns it unchanged and runs nothing, so a repeated `session end` earns no boxes.
    package static func endSession(
        in db: borrowing Database, id: Int64, userID: Int64, gamify: RecordReview.Gamify? = nil
    ) async throws -> (session: StudySessionRecord, gamification: GamificationCommit?) {
        try await db.lockLearners([userID])
        let ended = try await db.markSessionEnded(id: id, userID: userID, at: db.now().unixMilliseconds)
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
}
