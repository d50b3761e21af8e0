import FCCore
import Foundation

extension Database {
    /// Takes back the review row an answer wrote.
    package func deleteReview(id: Int64) async throws {
        try await execute("DELETE FROM reviews WHERE id = \(id)")
    }

    /// Deletes the learner's state of a card (it had none before the undone answer).
    package func deleteCardState(userID: Int64, cardID: Int64) async throws {
        try await execute("DELETE FROM card_states WHERE user_id = \(userID) AND card_id = \(cardID)")
    }

    /// Deletes the undo record of the session's answer at `position` (once that answer is undone).
    package func deleteAnswerUndo(sessionID: Int64, position: Int) async throws {
        try await execute("DELETE FROM session_answers WHERE session_id = \(sessionID) AND position = \(position)")
    }

    /// The undo information of the session's answer at `position`; `nil` when it was recorded without.
    package func answerUndo(sessionID: Int64, position: Int) async throws -> AnswerUndo? {
        let json = try await connection.withQuery(
            "SELECT undo_json FROM session_answers WHERE session_id = \(sessionID) AND position = \(position)",
            operation: "read session answer"
        ) { statement in
            return try await statement.step() ? statement.string(at: 0) : nil
        }
        guard let json else { return nil }
        do {
            return try AnswerUndo.decoder.decode(AnswerUndo.self, from: Data(json.utf8))
        } catch {
            throw StoreError.corruptRow(table: "session_answers", column: "undo_json", rowID: sessionID)
        }
    }

    /// Puts the session's position and counters back as `snapshot` holds them.
    package func restore(_ snapshot: SessionSnapshot, sessionID: Int64) async throws {
        try await connection.withQuery(
            """
            UPDATE sessions SET position = \(snapshot.position), cards = \(snapshot.counts.cards),
                correct = \(snapshot.counts.correct), failed = \(snapshot.counts.failed),
                empty = \(snapshot.counts.empty), rating_sum = \(snapshot.counts.ratingSum), perfect = \(snapshot.perfect),
                overridden = \(snapshot.counts.overridden)
            WHERE id = \(sessionID)
            """,
            operation: "restore session"
        ) { statement in
            try await statement.run()
        }
    }

    /// Takes out of the session's queue the entry an undone answer at `position` put there for `cardID` to come
    /// back (``StudySessionRecord/advance(cardID:answer:comesBack:)``), if it did: the card is then in the queue
    /// after `position` at most once, and only because of that answer, wherever a skip has moved it since.
    package func withdrawComeBack(sessionID: Int64, userID: Int64, cardID: Int64, position: Int) async throws {
        var session = try await session(id: sessionID, userID: userID)
        let after = min(position + 1, session.queue.count)
        guard let index = session.queue[after...].firstIndex(of: cardID) else { return }
        session.queue.remove(at: index)
        try await saveQueue(session)
    }

    /// Puts every gamification row an answer changed back as it was, and deletes what it inserted (XP awards,
    /// achievements, boxes).
    package func restore(_ undo: GamificationUndo, userID: Int64) async throws {
        for award in undo.awards {
            try await execute(
                """
                DELETE FROM xp_events WHERE user_id = \(userID) AND kind = \(award.kind) AND reference =
                    \(award.reference)
                """)
        }
        for id in undo.achievements {
            try await execute("DELETE FROM achievements WHERE user_id = \(userID) AND achievement_id = \(id)")
        }
        for id in undo.boxes { try await execute("DELETE FROM boxes WHERE user_id = \(userID) AND box_id = \(id)") }
        for challenge in undo.challenges {
            try await execute(
                "DELETE FROM challenges WHERE user_id = \(userID) AND day = \(challenge.day) AND kind = \(challenge.kind)"
            )
            if let row = challenge.row { try await insertChallengeRow(row, userID: userID) }
        }
        for stats in undo.dailyStats {
            try await execute("DELETE FROM daily_stats WHERE user_id = \(userID) AND day = \(stats.day)")
            if let row = stats.row { try await insertDailyStatsRow(row, userID: userID) }
        }
        try await execute("DELETE FROM gamification_state WHERE user_id = \(userID)")
        if let state = undo.stateBefore {
            try await connection.withQuery(
                """
                INSERT INTO gamification_state (user_id, state_json, total_xp, updated_at) VALUES (\(userID),
                    \(state.stateJSON), \(state.totalXP), \(state.updatedAt.unixMilliseconds))
                """,
                operation: "restore gamification state"
            ) { statement in
                try await statement.run()
            }
        }
    }

    private func insertChallengeRow(_ row: ChallengeRecord, userID: Int64) async throws {
        try await connection.withQuery(
            """
            INSERT INTO challenges (user_id, day, kind, target, xp, progress, completed_at, expires_at)
            VALUES (\(userID), \(row.day), \(row.kind), \(row.target), \(row.xp), \(row.progress),
                \(row.completedAt?.unixMilliseconds), \(row.expiresAt.unixMilliseconds))
            """,
            operation: "restore challenge"
        ) { statement in
            try await statement.run()
        }
    }

    private func insertDailyStatsRow(_ row: DailyStatsRecord, userID: Int64) async throws {
        try await connection.withQuery(
            """
            INSERT INTO daily_stats (user_id, day, cards_reviewed, topics_explored, achievements, xp)
            VALUES (\(userID), \(row.day), \(row.cardsReviewed), \(row.topicsExplored), \(row.achievements), \(row.xp))
            """,
            operation: "restore daily stats"
        ) { statement in
            try await statement.run()
        }
    }

    /// Runs one statement of an undo.
    private func execute(_ query: StoreQuery) async throws {
        try await connection.withQuery(query, operation: "undo answer") { statement in
            try await statement.run()
        }
    }
}
