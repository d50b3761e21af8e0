package import Foundation

/// The recall window: a learner's latest reviews in a topic before a given review, read the same way whether a
/// review is being recorded or a log is being replayed, so badger's recall targeting is reproducible.
///
/// "Before" is log order: review time, then recording order (id). While recording, the new review gets the
/// largest id, so its window is the latest `window` reviews at or before its time; a replay slides a window of
/// the same size along `ORDER BY reviewed_at, id`. The two agree for every review as long as reviews are
/// recorded in time order. A review dated (`--at`) before reviews of *other* cards that were already recorded
/// enters their windows on a rebuild although it was not there when they were recorded; the log is the source of
/// truth, so the rebuild's state is the one that counts.
extension Database {
    /// The learner's last `window` reviews in the topic at or before `time` (all of them recorded before the
    /// review about to be written), and how many of them were passed.
    ///
    /// Reads the learner's reviews of the topic backwards from `time` in `(reviewed_at, id)` order and stops after
    /// `window` of them: one range of `reviews_user_topic_time` (migration 19; each review carries its card's
    /// topic). SQLite: `EXPLAIN QUERY PLAN` shows `SEARCH reviews USING COVERING INDEX reviews_user_topic_time
    /// (user_id=? AND topic_id=? AND reviewed_at<?)` without a temp b-tree. PostgreSQL: `fcgen_recent_recall`
    /// (migrations 17 and 19), whose plan is a backward scan of the same index with or without planner statistics.
    package func recentRecall(userID: Int64, topicID: Int64, before time: Date, window: Int) async throws
        -> RecallSample
    {
        try await connection.withQuery(
            Self.recentRecallQuery(
                connection.dialect, userID: userID, topicID: topicID, before: time.unixMilliseconds, window: window),
            operation: "read recall window"
        ) { statement in
            guard try await statement.step() else { return RecallSample(reviews: 0, passed: 0) }
            return RecallSample(reviews: statement.int(at: 0), passed: statement.int(at: 1))
        }
    }

    /// The recall window's query: the learner's last `window` reviews in the topic at or before `time` (Unix
    /// milliseconds); answers `(reviews, passed)`.
    static func recentRecallQuery(
        _ dialect: SQLDialect, userID: Int64, topicID: Int64, before time: Int64, window: Int
    ) -> StoreQuery {
        switch dialect {
        case .sqlite:
            """
            SELECT COUNT(*), COALESCE(SUM(CASE WHEN rating > 0 THEN 1 ELSE 0 END), 0) FROM (
                SELECT rating FROM reviews
                WHERE user_id = \(userID) AND topic_id = \(topicID) AND reviewed_at <= \(time)
                ORDER BY reviewed_at DESC, id DESC
                LIMIT \(window)) AS recent
            """
        case .postgres:
            "SELECT reviews, passed FROM fcgen_recent_recall(\(userID), \(topicID), \(time), \(window))"
        }
    }

    /// The SQL of ``recentRecallQuery(_:userID:topicID:before:window:)``: `$1` learner, `$2` topic, `$3` time, `$4`
    /// window (for ``Store/queryPlan(_:)`` and tests).
    package static func recentRecallSQL(_ dialect: SQLDialect) -> String {
        recentRecallQuery(dialect, userID: 0, topicID: 0, before: 0, window: 0).sql
    }

    /// Every learner's reviews of the topic's cards, each with its recall window, grouped by learner and card
    /// (each log oldest first): what a rebuild of the whole topic replays.
    func topicReviewLogs(topicID: Int64, window: Int) async throws -> [CardKey: [StoredReview]] {
        var logs: [CardKey: [StoredReview]] = [:]
        try await forEachReview(inTopic: topicID, userID: nil, window: window) { key, review in
            logs[key, default: []].append(review)
        }
        return logs
    }

    /// One learner's reviews of one card, oldest first, each with its recall window.
    func reviewLog(userID: Int64, cardID: Int64, topicID: Int64, window: Int) async throws -> [StoredReview] {
        var log: [StoredReview] = []
        try await forEachReview(inTopic: topicID, userID: userID, window: window) { key, review in
            if key.cardID == cardID { log.append(review) }
        }
        return log
    }

    /// Streams the topic's reviews in log order per learner, each with the counts of the `window` reviews before
    /// it (a window function over `ORDER BY reviewed_at, id`, https://www.sqlite.org/windowfunctions.html).
    private func forEachReview(
        inTopic topicID: Int64, userID: Int64?, window: Int, _ body: (CardKey, StoredReview) -> Void
    ) async throws {
        // The frame size must be a constant in the SQL text; `window` is an Int, so interpolating it is safe.
        let frame = "ROWS BETWEEN \(max(window, 1)) PRECEDING AND 1 PRECEDING"
        try await connection.withQuery(
            """
            SELECT r.user_id, r.card_id, r.rating, r.reviewed_at,
                COUNT(*) OVER w, COALESCE(SUM(CASE WHEN r.rating > 0 THEN 1 ELSE 0 END) OVER w, 0)
            FROM reviews r JOIN cards c ON c.id = r.card_id
            WHERE c.topic_id = \(topicID) AND (\(userID) IS NULL OR r.user_id = \(userID))
            WINDOW w AS (PARTITION BY r.user_id ORDER BY r.reviewed_at, r.id \(raw: frame))
            ORDER BY r.user_id, r.reviewed_at, r.id
            """,
            operation: "read topic review log"
        ) { statement in
            while try await statement.step() {
                let key = CardKey(userID: statement.int64(at: 0), cardID: statement.int64(at: 1))
                let sample =
                    window > 0 ? RecallSample(reviews: statement.int(at: 4), passed: statement.int(at: 5)) : nil
                body(
                    key,
                    StoredReview(
                        rating: statement.int(at: 2), reviewedAt: Date(unixMilliseconds: statement.int64(at: 3)),
                        recentRecall: sample))
            }
        }
    }
}

/// A learner and a card: the key of a card state.
struct CardKey: Hashable {
    var userID: Int64
    var cardID: Int64
}

extension Store {
    package func recentRecall(userID: Int64, topicID: Int64, before time: Date, window: Int) async throws
        -> RecallSample
    {
        try await read { try await $0.recentRecall(userID: userID, topicID: topicID, before: time, window: window) }
    }
}
