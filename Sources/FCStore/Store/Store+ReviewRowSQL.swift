import FCScheduler
import Foundation

/// The rows a review writes, stated once for the one-review statements and the multi-row ones of a batch
/// (``sendBulkReviews(_:)`` and the others): each table's columns and conflict clause, and one row's values as a
/// ``StoreQuery`` (a multi-row statement joins them with ``values(_:)``).
extension Database {
    /// `reviews`' columns as every insert writes them; the topic comes from the card (migration 19).
    static let reviewInsert = """
        INSERT INTO reviews (user_id, card_id, session_id, rating, reviewed_at, duration_ms, elapsed_days,
            scheduled_days, algorithm, topic_id)
        """

    /// One review's row of values: nine, then the topic of the card.
    static func reviewRow(_ decision: ReviewDecision, state: StoredCardState, sessionID: Int64?) -> StoreQuery {
        """
        (\(state.userID), \(state.cardID), \(sessionID), \(decision.rating), \(decision.reviewedAt.unixMilliseconds),
            \(decision.durationMilliseconds), \(decision.elapsedDays), \(decision.scheduledDays),
            \(state.algorithm.rawValue), (SELECT topic_id FROM cards WHERE id = \(state.cardID)))
        """
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

    static func stateRow(_ state: StoredCardState) -> StoreQuery {
        """
        (\(state.userID), \(state.cardID), \(state.algorithm.rawValue), \(state.phase.rawValue), \(state.step),
            \(state.stability), \(state.difficulty), \(state.box), \(state.due.unixMilliseconds),
            \(state.lastReview?.unixMilliseconds), \(state.reps), \(state.lapses), \(state.level))
        """
    }

    /// `xp_events`' insert, before its `VALUES`.
    static let awardInsert = "INSERT INTO xp_events (user_id, kind, reference, xp, day, earned_at, session_id)"

    static func awardRow(_ award: AwardRecord, userID: Int64, sessionID: Int64?) -> StoreQuery {
        """
        (\(userID), \(award.kind), \(award.reference), \(award.xp), \(award.day), \(award.earnedAt.unixMilliseconds),
            \(sessionID))
        """
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

    static func challengeRow(_ challenge: ChallengeRecord, userID: Int64) -> StoreQuery {
        """
        (\(userID), \(challenge.day), \(challenge.kind), \(challenge.target), \(challenge.xp), \(challenge.progress),
            \(challenge.completedAt?.unixMilliseconds), \(challenge.expiresAt.unixMilliseconds))
        """
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

    static func dailyStatsRow(_ stats: DailyStatsRecord, userID: Int64, xp: Int) -> StoreQuery {
        """
        (\(userID), \(stats.day), \(stats.cardsReviewed), \(stats.topicsExplored), \(stats.achievements), \(xp))
        """
    }

    /// Rows of values, comma-separated, for a multi-row `VALUES`.
    static func values(_ rows: some Sequence<StoreQuery>) -> StoreQuery {
        StoreQuery.joined(rows, separator: ", ")
    }

    /// `items` in runs of ``bulkRowsPerStatement``: one multi-row statement each.
    static func bulkChunks<T>(_ items: [T]) -> [ArraySlice<T>] {
        stride(from: 0, to: items.count, by: bulkRowsPerStatement).map {
            items[$0..<min($0 + bulkRowsPerStatement, items.count)]
        }
    }
}
