package import FCStore

extension SessionSteps {
    /// Where a session answer is undone: deletes its review, puts the card state, the session's position, queue
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
        var restored = session
        restored.position = undo.session.position
        restored.counts = undo.session.counts
        try await db.updateSessionProgress(restored, perfect: undo.session.perfect)
        if withdrawComeBack(of: undo.cardID, answeredAt: undo.session.position, from: &restored) {
            try await db.saveQueue(restored)
        }
        try await db.deleteSessionAnswer(sessionID: sessionID, position: undo.session.position)
        return UndoneAnswer(
            session: restored, cardID: undo.cardID, reviewRemoved: undo.reviewID != nil,
            xpReturned: undo.gamification?.paidXP ?? 0)
    }

    /// Takes out of the session's queue the entry an undone answer at `position` put there for `cardID` to come back
    /// (``FCStore/StudySessionRecord/advance(cardID:answer:comesBack:)``), if it did: the card is then in the queue
    /// after `position` at most once, and only because of that answer, wherever a skip has moved it since. Whether
    /// the queue changed.
    static func withdrawComeBack(of cardID: Int64, answeredAt position: Int, from session: inout StudySessionRecord)
        -> Bool
    {
        let after = min(position + 1, session.queue.count)
        guard let index = session.queue[after...].firstIndex(of: cardID) else { return false }
        session.queue.remove(at: index)
        return true
    }
}

/// What undoing a session's last answer (``SessionSteps/undoLastAnswer(in:sessionID:userID:)``) undid.
package struct UndoneAnswer: Sendable {
    /// The session, back at the undone card.
    package var session: StudySessionRecord
    package var cardID: Int64
    /// Whether a review (and a card state) was taken back.
    package var reviewRemoved: Bool
    /// The XP taken back.
    package var xpReturned: Int
}
