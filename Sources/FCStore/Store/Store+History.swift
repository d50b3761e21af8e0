package import Foundation

extension Database {
    /// The learner's reviews in `[from, to)`, of live cards and of deleted ones (`archived_reviews`), unordered.
    ///
    /// Both halves read the learner's entries of an index that starts with `user_id`: `archived_reviews_user_time`
    /// and `reviews_user_topic_time` (version 21 dropped the reviews' time index: the review path pays for no index
    /// only this read uses).
    package func reviewActivity(userID: Int64, from: Date, to: Date) async throws -> [ReviewActivity] {
        try await connection.withQuery(
            """
            SELECT reviewed_at, duration_ms, CASE WHEN elapsed_days IS NULL THEN 1 ELSE 0 END, card_id FROM reviews
            WHERE user_id = \(userID) AND reviewed_at >= \(from.unixMilliseconds) AND reviewed_at <
                \(to.unixMilliseconds)
            UNION ALL
            SELECT reviewed_at, duration_ms, first_review, card_id FROM archived_reviews
            WHERE user_id = \(userID) AND reviewed_at >= \(from.unixMilliseconds) AND reviewed_at <
                \(to.unixMilliseconds)
            """,
            operation: "read review history"
        ) { statement in
            var rows: [ReviewActivity] = []
            while try await statement.step() {
                rows.append(
                    ReviewActivity(
                        cardID: statement.int64(at: 3), reviewedAt: Date(unixMilliseconds: statement.int64(at: 0)),
                        durationMilliseconds: statement.optionalInt(at: 1), isFirstReview: statement.int(at: 2) != 0))
            }
            return rows
        }
    }

    /// The learner's ended quizzes with at least one answer, started in `[from, to)`.
    package func quizActivity(userID: Int64, from: Date, to: Date) async throws -> [QuizActivity] {
        try await connection.withQuery(
            """
            SELECT started_at, ended_at, cards FROM sessions
            WHERE user_id = \(userID) AND started_at >= \(from.unixMilliseconds) AND started_at < \(to.unixMilliseconds)
                AND mode = 'quiz'
                AND ended_at IS NOT NULL AND cards > 0
            """,
            operation: "read quiz history"
        ) { statement in
            var rows: [QuizActivity] = []
            while try await statement.step() {
                rows.append(
                    QuizActivity(
                        startedAt: Date(unixMilliseconds: statement.int64(at: 0)),
                        endedAt: Date(unixMilliseconds: statement.int64(at: 1)), answers: statement.int(at: 2)))
            }
            return rows
        }
    }

    /// The XP of the learner's awards earned in `[from, to)` (awards that pay nothing are left out).
    ///
    /// Reads the learner's ledger through the `(user_id, kind, reference)` key's prefix: a history is asked for
    /// rarely, and an index on the earn time would cost every award insert.
    package func xpActivity(userID: Int64, from: Date, to: Date) async throws -> [XPActivity] {
        try await connection.withQuery(
            """
            SELECT earned_at, xp FROM xp_events
            WHERE user_id = \(userID) AND earned_at >= \(from.unixMilliseconds) AND earned_at < \(to.unixMilliseconds)
                AND xp <> 0
            """,
            operation: "read XP history"
        ) { statement in
            var rows: [XPActivity] = []
            while try await statement.step() {
                rows.append(
                    XPActivity(earnedAt: Date(unixMilliseconds: statement.int64(at: 0)), xp: statement.int(at: 1)))
            }
            return rows
        }
    }

    /// The learner's reviews of deleted cards, oldest first, with the topic they belonged to (for lifetime totals
    /// and streaks, which outlive a deleted deck).
    package func archivedReviewEvents(userID: Int64) async throws -> [ReviewEvent] {
        try await connection.withQuery(
            """
            SELECT topic_id, reviewed_at, rating FROM archived_reviews WHERE user_id = \(userID)
            ORDER BY reviewed_at, id
            """,
            operation: "list archived reviews"
        ) { statement in
            var events: [ReviewEvent] = []
            while try await statement.step() {
                events.append(
                    ReviewEvent(
                        topicID: statement.int64(at: 0), reviewedAt: Date(unixMilliseconds: statement.int64(at: 1)),
                        rating: statement.int(at: 2)))
            }
            return events
        }
    }
}

extension Store {
    package func reviewActivity(userID: Int64, from: Date, to: Date) async throws -> [ReviewActivity] {
        try await read { try await $0.reviewActivity(userID: userID, from: from, to: to) }
    }

    package func quizActivity(userID: Int64, from: Date, to: Date) async throws -> [QuizActivity] {
        try await read { try await $0.quizActivity(userID: userID, from: from, to: to) }
    }

    package func xpActivity(userID: Int64, from: Date, to: Date) async throws -> [XPActivity] {
        try await read { try await $0.xpActivity(userID: userID, from: from, to: to) }
    }

    package func archivedReviewEvents(userID: Int64) async throws -> [ReviewEvent] {
        try await read { try await $0.archivedReviewEvents(userID: userID) }
    }
}
