import FCScheduler
import Foundation

/// The rows a review writes, stated once for the one-review statements and the multi-row ones of a batch
/// (``sendBulkReviews(_:)`` and the others): each table's columns and conflict clause, and how one row's values are
/// bound at a row's place (`row` 0 is the first `(…)` of the `VALUES` list).
extension Database {
    /// `reviews`' columns as every insert writes them; the topic comes from the card (migration 19).
    static let reviewInsert = """
        INSERT INTO reviews (user_id, card_id, session_id, rating, reviewed_at, duration_ms, elapsed_days,
            scheduled_days, algorithm, topic_id)
        """

    /// `rows` rows of a review insert's values: nine parameters, then the topic of the card (the row's second).
    static func reviewPlaceholders(rows: Int) -> String {
        (0..<rows).map { row in
            let marks = (1...9).map { "$\(row * 9 + $0)" }.joined(separator: ", ")
            return "(\(marks), (SELECT topic_id FROM cards WHERE id = $\(row * 9 + 2)))"
        }.joined(separator: ", ")
    }

    static func bindReview(
        _ decision: ReviewDecision, state: StoredCardState, sessionID: Int64?, to statement: any SQLStatement, row: Int
    ) throws {
        let base = Int32(row * 9)
        try statement.bind(state.userID, at: base + 1)
        try statement.bind(state.cardID, at: base + 2)
        try statement.bind(sessionID, at: base + 3)
        try statement.bind(decision.rating, at: base + 4)
        try statement.bind(decision.reviewedAt.unixMilliseconds, at: base + 5)
        try statement.bind(decision.durationMilliseconds, at: base + 6)
        try statement.bind(decision.elapsedDays, at: base + 7)
        try statement.bind(decision.scheduledDays, at: base + 8)
        try statement.bind(state.algorithm.rawValue, at: base + 9)
    }

    /// `card_states`' insert, before its `VALUES`.
    static let stateInsert = """
        INSERT INTO card_states (user_id, card_id, algorithm, phase, step, stability, difficulty, box,
            due, last_review, reps, lapses, level)
        """

    /// An upsert rather than `INSERT OR REPLACE`: REPLACE deletes the row and inserts it again, rewriting every
    /// index entry, while the update leaves `card_states_card` (whose key does not change) alone (fcgen-bench
    /// review-recording).
    static let stateMerge = """
        ON CONFLICT (user_id, card_id) DO UPDATE SET algorithm = excluded.algorithm, phase = excluded.phase,
            step = excluded.step, stability = excluded.stability, difficulty = excluded.difficulty,
            box = excluded.box, due = excluded.due, last_review = excluded.last_review, reps = excluded.reps,
            lapses = excluded.lapses, level = excluded.level
        """

    static func bindState(_ state: StoredCardState, to statement: any SQLStatement, row: Int) throws {
        let base = Int32(row * 13)
        try statement.bind(state.userID, at: base + 1)
        try statement.bind(state.cardID, at: base + 2)
        try statement.bind(state.algorithm.rawValue, at: base + 3)
        try statement.bind(state.phase.rawValue, at: base + 4)
        try statement.bind(state.step, at: base + 5)
        try statement.bind(state.stability, at: base + 6)
        try statement.bind(state.difficulty, at: base + 7)
        try statement.bind(state.box, at: base + 8)
        try statement.bind(state.due.unixMilliseconds, at: base + 9)
        try statement.bind(state.lastReview?.unixMilliseconds, at: base + 10)
        try statement.bind(state.reps, at: base + 11)
        try statement.bind(state.lapses, at: base + 12)
        try statement.bind(state.level, at: base + 13)
    }

    /// `xp_events`' insert, before its `VALUES`.
    static let awardInsert = "INSERT INTO xp_events (user_id, kind, reference, xp, day, earned_at, session_id)"

    static func bindAward(
        _ award: AwardRecord, userID: Int64, sessionID: Int64?, to statement: any SQLStatement, row: Int
    ) throws {
        let base = Int32(row * 7)
        try statement.bind(userID, at: base + 1)
        try statement.bind(award.kind, at: base + 2)
        try statement.bind(award.reference, at: base + 3)
        try statement.bind(award.xp, at: base + 4)
        try statement.bind(award.day, at: base + 5)
        try statement.bind(award.earnedAt.unixMilliseconds, at: base + 6)
        try statement.bind(sessionID, at: base + 7)
    }

    /// `challenges`' insert, before its `VALUES`.
    static let challengeInsert =
        "INSERT INTO challenges (user_id, day, kind, target, xp, progress, completed_at, expires_at)"

    /// A challenge row met again keeps its largest progress and its first completion.
    static let challengeMerge = """
        ON CONFLICT (user_id, day, kind) DO UPDATE SET
            progress = CASE WHEN excluded.progress > challenges.progress
                THEN excluded.progress ELSE challenges.progress END,
            completed_at = COALESCE(challenges.completed_at, excluded.completed_at)
        """

    static func bindChallenge(
        _ challenge: ChallengeRecord, userID: Int64, to statement: any SQLStatement, row: Int
    ) throws {
        let base = Int32(row * 8)
        try statement.bind(userID, at: base + 1)
        try statement.bind(challenge.day, at: base + 2)
        try statement.bind(challenge.kind, at: base + 3)
        try statement.bind(challenge.target, at: base + 4)
        try statement.bind(challenge.xp, at: base + 5)
        try statement.bind(challenge.progress, at: base + 6)
        try statement.bind(challenge.completedAt?.unixMilliseconds, at: base + 7)
        try statement.bind(challenge.expiresAt.unixMilliseconds, at: base + 8)
    }

    /// `daily_stats`' insert, before its `VALUES`.
    static let dailyStatsInsert =
        "INSERT INTO daily_stats (user_id, day, cards_reviewed, topics_explored, achievements, xp)"

    /// How a day's stats row takes a newer count: the counters keep the larger value (a replayed or reordered
    /// write never lowers them), XP adds up.
    static let dailyStatsMerge = """
        ON CONFLICT (user_id, day) DO UPDATE SET
            cards_reviewed = CASE WHEN excluded.cards_reviewed > daily_stats.cards_reviewed
                THEN excluded.cards_reviewed ELSE daily_stats.cards_reviewed END,
            topics_explored = CASE WHEN excluded.topics_explored > daily_stats.topics_explored
                THEN excluded.topics_explored ELSE daily_stats.topics_explored END,
            achievements = CASE WHEN excluded.achievements > daily_stats.achievements
                THEN excluded.achievements ELSE daily_stats.achievements END,
            xp = daily_stats.xp + excluded.xp
        """

    static func bindDailyStats(
        _ stats: DailyStatsRecord, userID: Int64, xp: Int, to statement: any SQLStatement, row: Int
    ) throws {
        let base = Int32(row * 6)
        try statement.bind(userID, at: base + 1)
        try statement.bind(stats.day, at: base + 2)
        try statement.bind(stats.cardsReviewed, at: base + 3)
        try statement.bind(stats.topicsExplored, at: base + 4)
        try statement.bind(stats.achievements, at: base + 5)
        try statement.bind(xp, at: base + 6)
    }

    /// `($1, $2, …), ($k+1, …)`: `rows` groups of `columns` parameters, numbered on from 1.
    static func placeholders(rows: Int, columns: Int) -> String {
        (0..<rows).map { row in
            "(" + (1...columns).map { "$\(row * columns + $0)" }.joined(separator: ", ") + ")"
        }.joined(separator: ", ")
    }

    /// `items` in runs of ``bulkRowsPerStatement``: one multi-row statement each.
    static func bulkChunks<T>(_ items: [T]) -> [ArraySlice<T>] {
        stride(from: 0, to: items.count, by: bulkRowsPerStatement).map {
            items[$0..<min($0 + bulkRowsPerStatement, items.count)]
        }
    }
}
