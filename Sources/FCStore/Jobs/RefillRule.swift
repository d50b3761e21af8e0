/// When a subscribed topic needs its next batch: the refill rule, in one place.
///
/// A refill is due when the topic has a ``TopicPolicy``, fewer than `refillBelow` of its cards are *unstudied*,
/// and it has fewer than `maxBatches` batches (no limit when `nil`). "Unstudied" means: for the learner with the
/// fewest cards left, the topic's cards that learner has not studied yet (no `card_states` row). That is the
/// topic's card count minus the most cards any one learner has studied in it; with no learners (or nobody has
/// studied the topic) every card counts. The learner furthest ahead decides, so they never run out of new cards.
///
/// The rule exists twice, as SQL (the enqueue query runs it for every topic at once) and as ``isDue(policy:unstudied:batches:)``
/// (for `fcgen topic show`); they sit side by side so they change together, and tests check they agree.
package enum RefillRule {
    /// The unstudied cards of the topic aliased `t`, as an SQL expression.
    static let unstudiedCardsSQL = """
        ((SELECT COUNT(*) FROM cards c WHERE c.topic_id = t.id)
            - COALESCE((SELECT COUNT(*) FROM card_states s JOIN cards c ON c.id = s.card_id
                WHERE c.topic_id = t.id GROUP BY s.user_id ORDER BY 1 DESC LIMIT 1), 0))
        """

    /// The batches of the topic aliased `t`, as an SQL expression.
    static let batchCountSQL = "(SELECT COUNT(*) FROM batches b WHERE b.topic_id = t.id)"

    /// The rule as an SQL condition on the topic aliased `t`.
    static let isDueSQL = """
        t.refill_below IS NOT NULL AND t.batch_size IS NOT NULL
            AND \(unstudiedCardsSQL) < t.refill_below
            AND (t.max_batches IS NULL OR \(batchCountSQL) < t.max_batches)
        """

    /// Whether a topic with this policy and these counts is due for a refill.
    ///
    /// ```swift
    /// RefillRule.isDue(policy: TopicPolicy(refillBelow: 20, batchSize: 15), unstudied: 12, batches: 1) // true
    /// ```
    package static func isDue(policy: TopicPolicy?, unstudied: Int, batches: Int) -> Bool {
        guard let policy else { return false }
        if let maxBatches = policy.maxBatches, batches >= maxBatches { return false }
        return unstudied < policy.refillBelow
    }
}
