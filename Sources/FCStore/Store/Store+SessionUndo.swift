import FCCore
import Foundation

extension Database {
    package func deleteReview(id: Int64) async throws {
        try await execute("DELETE FROM reviews WHERE id = \(id)")
    }

    package func deleteCardState(userID: Int64, cardID: Int64) async throws {
        try await execute("DELETE FROM card_states WHERE user_id = \(userID) AND card_id = \(cardID)")
    }

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
