/// When a subscribed topic needs its next batch: the refill rule, in one place.
///
/// A refill is due when the topic has a ``TopicPolicy``, fewer than `refillBelow` of its cards are *unstudied*,
/// and it has fewer than `maxBatches` batches (no limit when `nil`). "Unstudied" means: for the learner with the
/// fewest cards left, the topic's cards that learner has not studied yet. No learners or review state exist yet,
/// so today every card counts as never shown and the unstudied count is the topic's card count. The review-state
/// migration changes ``unstudiedCardsSQL`` (and nothing else here).
///
/// The rule exists twice, as SQL (the enqueue query runs it for every topic at once) and as ``isDue(policy:unstudied:batches:)``
/// (for `fcgen topic show`); they sit side by side so they change together, and tests check they agree.
public enum RefillRule {
    /// The unstudied cards of the topic aliased `t`, as an SQL expression.
    static let unstudiedCardsSQL = "(SELECT COUNT(*) FROM cards c WHERE c.topic_id = t.id)"

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
    public static func isDue(policy: TopicPolicy?, unstudied: Int, batches: Int) -> Bool {
        guard let policy else { return false }
        if let maxBatches = policy.maxBatches, batches >= maxBatches { return false }
        return unstudied < policy.refillBelow
    }
}
