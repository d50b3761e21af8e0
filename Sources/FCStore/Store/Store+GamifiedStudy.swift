import FCCore
import FCScheduler
import Foundation

/// The gamification step of a transaction: the input read under the write lock in, what to write out.
typealias GamifyStep = (GamificationInput) throws -> GamificationWrite?

extension Database {
    /// Records one review and its gamification in ONE `BEGIN IMMEDIATE` transaction.
    ///
    /// As ``recordReview(userID:cardID:sessionID:recallWindow:decide:)``; then, after the review row, the card state and the
    /// session counters are written, `gamify` receives the learner's gamification state (read under the write
    /// lock), their time zone and the answered card (with its previous review time and whether the topic is now
    /// fully known), and returns what to write; the store writes it idempotently (see ``GamificationWrite``).
    /// Anything thrown rolls back the review too, so a retry starts from the same state and pays once.
    ///
    /// ```swift
    /// let recorded = try await store.recordReview(userID: me, cardID: 42, sessionID: nil, decide: { … },
    ///                                             gamify: { input in … })
    /// recorded.gamification?.paidXP
    /// ```
    package func recordReview(
        userID: Int64,
        cardID: Int64,
        sessionID: Int64?,
        recallWindow: RecallWindow? = nil,
        decide: (ReviewContext) throws -> ReviewDecision,
        gamify: (GamificationInput) throws -> GamificationWrite?
    ) async throws -> RecordedReview {
        try await withoutActuallyEscaping(gamify) { gamify in
            try await writeTransaction("record review") {
                try await lockLearners([userID])
                var ledger = GamificationLedger()
                let undo = try await sessionID.asyncMap {
                    try await beginAnswerUndo(sessionID: $0, userID: userID, cardID: cardID)
                }
                let recorded = try await recordReviewInTransaction(
                    userID: userID, cardID: cardID, sessionID: sessionID, recallWindow: recallWindow,
                    decide: decide, gamify: gamify, ledger: &ledger, undo: undo)
                try await save(ledger)
                if let undo, let sessionID {
                    try await storeAnswerUndo(
                        undo, sessionID: sessionID, userID: userID, reviewID: recorded.reviewID,
                        stateAfter: recorded.state)
                }
                return recorded
            }
        }
    }

    /// Counts a quiz (or free) answer in its session and runs `gamify` for it, in one transaction.
    ///
    /// - Returns: The session moved on, and what the gamification wrote (`nil` when `gamify` returned `nil`).
    package func answerWithoutReview(
        sessionID: Int64, userID: Int64, cardID: Int64, answer: SessionAnswer,
        gamify: (GamificationInput) throws -> GamificationWrite?
    ) async throws -> (session: StudySessionRecord, gamification: GamificationCommit?) {
        try await connection.immediateTransaction("answer in session") {
            try await lockLearners([userID])
            let undo = try await beginAnswerUndo(sessionID: sessionID, userID: userID, cardID: cardID)
            let session = try await advanceSession(id: sessionID, userID: userID, cardID: cardID, answer: answer)
            var ledger = GamificationLedger()
            var input = try await gamificationInput(userID: userID, sessionID: sessionID, ledger: &ledger)
            let card = try await self.card(id: cardID)
            input.card = await AnsweredCard(
                cardID: cardID, topicID: card.topicID,
                lastReviewBefore: try cardState(userID: userID, cardID: cardID)?.lastReview, completesTopic: false)
            var commit: GamificationCommit?
            if let write = try gamify(input) {
                try await captureBeforeImages(of: write, userID: userID, into: undo)
                let applied = try await applyGamification(write, userID: userID, ledger: &ledger)
                captureInsertedAwards(of: write, commit: applied, into: undo)
                try await save(ledger)
                commit = applied
            }
            try await storeAnswerUndo(undo, sessionID: sessionID, userID: userID, reviewID: nil, stateAfter: nil)
            return (session, commit)
        }
    }

    /// Ends the session and, when this call ended it, runs `gamify` for it, in one transaction.
    ///
    /// Ending an ended session returns it unchanged and runs nothing, so a repeated `session end` earns no boxes.
    package func endSession(
        id: Int64, userID: Int64, gamify: (GamificationInput) throws -> GamificationWrite?
    ) async throws -> (session: StudySessionRecord, gamification: GamificationCommit?) {
        let endedAt = now().unixMilliseconds
        return try await connection.immediateTransaction("end session") {
            try await lockLearners([userID])
            let ended = try await connection.withStatement(
                "UPDATE sessions SET ended_at = ? WHERE id = ? AND user_id = ? AND ended_at IS NULL",
                operation: "end session"
            ) { statement in
                try statement.bind(endedAt, at: 1)
                try statement.bind(id, at: 2)
                try statement.bind(userID, at: 3)
                try await statement.run()
                return await connection.changes == 1
            }
            let session = try await session(id: id, userID: userID)
            guard ended else { return (session, nil) }
            var ledger = GamificationLedger()
            var input = try await gamificationInput(userID: userID, sessionID: id, ledger: &ledger)
            input.endedSession = await EndedSession(
                session: session, perfect: try perfectAnswers(sessionID: id),
                studiedTopicIDs: try answeredTopicIDs(session))
            guard let write = try gamify(input) else { return (session, nil) }
            let commit = try await applyGamification(write, userID: userID, ledger: &ledger)
            try await save(ledger)
            return (session, commit)
        }
    }

    /// Answers in the session recalled on the first try.
    func perfectAnswers(sessionID: Int64) async throws -> Int {
        try await connection.withStatement("SELECT perfect FROM sessions WHERE id = ?", operation: "read session") {
            statement in
            try statement.bind(sessionID, at: 1)
            return try await statement.step() ? statement.int(at: 0) : 0
        }
    }

    /// The distinct topics of the session's answered cards (the first `position` of its queue).
    func answeredTopicIDs(_ session: StudySessionRecord) async throws -> [Int64] {
        try await connection.withStatement(
            """
            SELECT DISTINCT c.topic_id FROM \(connection.dialect.jsonIntegerTable("?1", alias: "j")) JOIN cards c ON c.id = j.value WHERE j.key < ?2
            ORDER BY c.topic_id
            """,
            operation: "read session topics"
        ) { statement in
            try statement.bind(Self.jsonArray(session.queue), at: 1)
            try statement.bind(session.position, at: 2)
            var ids: [Int64] = []
            while try await statement.step() { ids.append(statement.int64(at: 0)) }
            return ids
        }
    }

    /// Whether the learner knows every card of the topic (``KnownRule``); `false` for an empty topic.
    func isTopicKnown(topicID: Int64, userID: Int64) async throws -> Bool {
        try await connection.withStatement(
            """
            SELECT EXISTS (SELECT 1 FROM cards WHERE topic_id = ?1)
                AND NOT EXISTS (
                    SELECT 1 FROM cards c LEFT JOIN card_states s ON s.user_id = ?2 AND s.card_id = c.id
                    WHERE c.topic_id = ?1 AND (s.card_id IS NULL OR NOT COALESCE(\(KnownRule.sql), FALSE)))
            """,
            operation: "check topic known"
        ) { statement in
            try statement.bind(topicID, at: 1)
            try statement.bind(userID, at: 2)
            return try await statement.step() && statement.int(at: 0) == 1
        }
    }
}

extension Store {
    package func recordReview(
        userID: Int64, cardID: Int64, sessionID: Int64?, recallWindow: RecallWindow? = nil,
        decide: @escaping @Sendable (ReviewContext) throws -> ReviewDecision,
        gamify: @escaping @Sendable (GamificationInput) throws -> GamificationWrite?
    ) async throws -> RecordedReview {
        try await write("record review") {
            try await $0.recordReview(
                userID: userID, cardID: cardID, sessionID: sessionID, recallWindow: recallWindow, decide: decide,
                gamify: gamify)
        }
    }

    package func answerWithoutReview(
        sessionID: Int64, userID: Int64, cardID: Int64, answer: SessionAnswer,
        gamify: @escaping @Sendable (GamificationInput) throws -> GamificationWrite?
    ) async throws -> (session: StudySessionRecord, gamification: GamificationCommit?) {
        try await write("answer without review") {
            try await $0.answerWithoutReview(
                sessionID: sessionID, userID: userID, cardID: cardID, answer: answer, gamify: gamify)
        }
    }

    package func endSession(
        id: Int64, userID: Int64, gamify: @escaping @Sendable (GamificationInput) throws -> GamificationWrite?
    ) async throws -> (session: StudySessionRecord, gamification: GamificationCommit?) {
        try await write("end session") { try await $0.endSession(id: id, userID: userID, gamify: gamify) }
    }
}
