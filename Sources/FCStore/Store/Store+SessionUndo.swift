import FCCore
import Foundation

extension Database {
    /// Undoes the session's last answer in ONE transaction: deletes its review, puts the card state, the session's
    /// position and counters and every gamification row it changed back as they were, and deletes what it inserted
    /// (XP awards, achievements, boxes). The undone card is the session's next card again.
    ///
    /// Undo is exact or refused: when the card was reviewed again since, or the learner's gamification state moved
    /// on (another answer, a review elsewhere, opened boxes), restoring the answer's before-images would throw that
    /// later event away, so nothing is changed and a ``StoreError/sessionConflict(id:problem:)`` says why. Repeated
    /// undos walk back through the session's answers, latest first.
    ///
    /// - Throws: ``StoreError/sessionNotFound(id:)``, ``StoreError/sessionEnded(id:)``,
    ///   ``StoreError/sessionConflict(id:problem:)``.
    package func undoLastAnswer(sessionID: Int64, userID: Int64) async throws -> UndoneAnswer {
        try await connection.immediateTransaction("undo answer") {
            let session = try await session(id: sessionID, userID: userID)
            guard !session.isEnded else { throw StoreError.sessionEnded(id: sessionID) }
            func refuse(_ problem: String) -> StoreError { .sessionConflict(id: sessionID, problem: problem) }
            guard session.position > 0 else { throw refuse("nothing to undo: no card was answered yet") }
            guard let undo = try await answerUndo(sessionID: sessionID, position: session.position - 1),
                session.queue[session.position - 1] == undo.cardID
            else { throw refuse("its last answer was recorded without undo information and cannot be undone") }
            if undo.reviewID != nil || undo.stateAfter != nil {
                guard try await cardState(userID: userID, cardID: undo.cardID) == undo.stateAfter else {
                    throw refuse(
                        "card \(undo.cardID) was reviewed again (or deleted) since; only the latest answer can be undone"
                    )
                }
            }
            if let gamification = undo.gamification {
                guard try await gamificationStateRow(userID: userID) == gamification.stateAfter else {
                    throw refuse("the learner has earned or spent XP since; only the latest answer can be undone")
                }
                try await restore(gamification, userID: userID)
            }
            if let reviewID = undo.reviewID { try await execute("DELETE FROM reviews WHERE id = ?", reviewID) }
            if let before = undo.stateBefore {
                try await upsertState(before)
            } else if undo.stateAfter != nil {
                try await execute("DELETE FROM card_states WHERE user_id = ? AND card_id = ?", userID, undo.cardID)
            }
            try await restore(undo.session, sessionID: sessionID)
            try await execute(
                "DELETE FROM session_answers WHERE session_id = ? AND position = ?", sessionID,
                Int64(undo.session.position))
            return await UndoneAnswer(
                session: try self.session(id: sessionID, userID: userID), cardID: undo.cardID,
                reviewRemoved: undo.reviewID != nil, xpReturned: undo.gamification?.paidXP ?? 0)
        }
    }

    /// The undo information of the session's answer at `position`.
    private func answerUndo(sessionID: Int64, position: Int) async throws -> AnswerUndo? {
        let json = try await connection.withStatement(
            "SELECT undo_json FROM session_answers WHERE session_id = ? AND position = ?",
            operation: "read session answer"
        ) { statement in
            try statement.bind(sessionID, at: 1)
            try statement.bind(position, at: 2)
            return try await statement.step() ? statement.string(at: 0) : nil
        }
        guard let json else { return nil }
        do {
            return try AnswerUndo.decoder.decode(AnswerUndo.self, from: Data(json.utf8))
        } catch {
            throw StoreError.corruptRow(table: "session_answers", column: "undo_json", rowID: sessionID)
        }
    }

    private func restore(_ snapshot: SessionSnapshot, sessionID: Int64) async throws {
        try await connection.withStatement(
            """
            UPDATE sessions SET position = ?, cards = ?, correct = ?, failed = ?, empty = ?, rating_sum = ?,
                perfect = ? WHERE id = ?
            """,
            operation: "restore session"
        ) { statement in
            try statement.bind(snapshot.position, at: 1)
            try statement.bind(snapshot.counts.cards, at: 2)
            try statement.bind(snapshot.counts.correct, at: 3)
            try statement.bind(snapshot.counts.failed, at: 4)
            try statement.bind(snapshot.counts.empty, at: 5)
            try statement.bind(snapshot.counts.ratingSum, at: 6)
            try statement.bind(snapshot.perfect, at: 7)
            try statement.bind(sessionID, at: 8)
            try await statement.run()
        }
    }

    private func restore(_ undo: GamificationUndo, userID: Int64) async throws {
        for award in undo.awards {
            try await execute(
                "DELETE FROM xp_events WHERE user_id = ? AND kind = ? AND reference = ?", userID, award.kind,
                award.reference)
        }
        for id in undo.achievements {
            try await execute("DELETE FROM achievements WHERE user_id = ? AND achievement_id = ?", userID, id)
        }
        for id in undo.boxes { try await execute("DELETE FROM boxes WHERE user_id = ? AND box_id = ?", userID, id) }
        for challenge in undo.challenges {
            try await execute(
                "DELETE FROM challenges WHERE user_id = ? AND day = ? AND kind = ?", userID, challenge.day,
                challenge.kind)
            if let row = challenge.row { try await insertChallengeRow(row, userID: userID) }
        }
        for stats in undo.dailyStats {
            try await execute("DELETE FROM daily_stats WHERE user_id = ? AND day = ?", userID, stats.day)
            if let row = stats.row { try await insertDailyStatsRow(row, userID: userID) }
        }
        try await execute("DELETE FROM gamification_state WHERE user_id = ?", userID)
        if let state = undo.stateBefore {
            try await connection.withStatement(
                "INSERT INTO gamification_state (user_id, state_json, total_xp, updated_at) VALUES (?, ?, ?, ?)",
                operation: "restore gamification state"
            ) { statement in
                try statement.bind(userID, at: 1)
                try statement.bind(state.stateJSON, at: 2)
                try statement.bind(state.totalXP, at: 3)
                try statement.bind(state.updatedAt.unixMilliseconds, at: 4)
                try await statement.run()
            }
        }
    }

    private func insertChallengeRow(_ row: ChallengeRecord, userID: Int64) async throws {
        try await connection.withStatement(
            """
            INSERT INTO challenges (user_id, day, kind, target, xp, progress, completed_at, expires_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?)
            """,
            operation: "restore challenge"
        ) { statement in
            try statement.bind(userID, at: 1)
            try statement.bind(row.day, at: 2)
            try statement.bind(row.kind, at: 3)
            try statement.bind(row.target, at: 4)
            try statement.bind(row.xp, at: 5)
            try statement.bind(row.progress, at: 6)
            try statement.bind(row.completedAt?.unixMilliseconds, at: 7)
            try statement.bind(row.expiresAt.unixMilliseconds, at: 8)
            try await statement.run()
        }
    }

    private func insertDailyStatsRow(_ row: DailyStatsRecord, userID: Int64) async throws {
        try await connection.withStatement(
            """
            INSERT INTO daily_stats (user_id, day, cards_reviewed, topics_explored, achievements, xp)
            VALUES (?, ?, ?, ?, ?, ?)
            """,
            operation: "restore daily stats"
        ) { statement in
            try statement.bind(userID, at: 1)
            try statement.bind(row.day, at: 2)
            try statement.bind(row.cardsReviewed, at: 3)
            try statement.bind(row.topicsExplored, at: 4)
            try statement.bind(row.achievements, at: 5)
            try statement.bind(row.xp, at: 6)
            try await statement.run()
        }
    }

    /// Runs one statement with integer and text arguments.
    private func execute(_ sql: String, _ arguments: any Sendable...) async throws {
        try await connection.withStatement(sql, operation: "undo answer") { statement in
            for (index, argument) in arguments.enumerated() {
                let position = Int32(index + 1)
                switch argument {
                case let value as Int64: try statement.bind(value, at: position)
                case let value as String: try statement.bind(value, at: position)
                default: preconditionFailure("unsupported argument \(type(of: argument))")
                }
            }
            try await statement.run()
        }
    }
}

extension Store {
    package func undoLastAnswer(sessionID: Int64, userID: Int64) async throws -> UndoneAnswer {
        try await write("undo last answer") { try await $0.undoLastAnswer(sessionID: sessionID, userID: userID) }
    }
}
