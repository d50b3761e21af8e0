package import FCCore

/// When a subscribed topic needs its next batch: the refill rule, in one place.
///
/// A refill is due when the topic has a ``TopicPolicy``, fewer than `refillBelow` of its cards are *unstudied*,
/// and it has fewer than `maxBatches` batches (no limit when `nil`). "Unstudied" means: of the cards a learner
/// could study (``isStudyMaterial(_:)``: every card but a templated fallback, which no study queue shows unless
/// asked), those the learner with the fewest left has not studied yet (no `card_states` row). That is the topic's
/// study cards minus the most of them any one learner has studied; with no learners (or nobody has studied the
/// topic) every study card counts. The learner furthest ahead decides, so they never run out of new cards, and a
/// topic whose batches all fell back to templated cards is refilled, since nobody can study those.
///
/// The rule exists twice, as SQL (the enqueue query runs it for every topic at once) and in Swift
/// (``unstudiedCount(_:)`` and ``isDue(policy:unstudied:batches:)``, for `fcgen topic show` and the tests); they
/// sit side by side so they change together, and tests check they agree on both engines.
package enum RefillRule {
    /// Whether a card of this origin is study material, as the study queues decide: a fallback card is stored for
    /// inspection, not for learning.
    package static func isStudyMaterial(_ origin: CardOrigin) -> Bool { origin != .fallback }

    /// ``isStudyMaterial(_:)`` as an SQL condition on the card aliased `c`.
    static let studyMaterialSQL = "c.origin <> '\(CardOrigin.fallback.rawValue)'"

    /// The unstudied cards of the topic aliased `t`, as an SQL expression.
    static let unstudiedCardsSQL = """
        ((SELECT COUNT(*) FROM cards c WHERE c.topic_id = t.id AND \(studyMaterialSQL))
            - COALESCE((SELECT COUNT(*) FROM card_states s JOIN cards c ON c.id = s.card_id
                WHERE c.topic_id = t.id AND \(studyMaterialSQL) GROUP BY s.user_id ORDER BY 1 DESC LIMIT 1), 0))
        """

    /// The batches of the topic aliased `t`, as an SQL expression.
    static let batchCountSQL = "(SELECT COUNT(*) FROM batches b WHERE b.topic_id = t.id)"

    /// The rule as an SQL condition on the topic aliased `t`.
    static let isDueSQL = """
        t.refill_below IS NOT NULL AND t.batch_size IS NOT NULL
            AND \(unstudiedCardsSQL) < t.refill_below
            AND (t.max_batches IS NULL OR \(batchCountSQL) < t.max_batches)
        """

    /// One card of a topic as the rule sees it: where it came from and which learners have studied it.
    package struct StockCard: Sendable, Hashable {
        package var origin: CardOrigin
        /// The learners with a study state for the card.
        package var studiedBy: Set<Int64>

        package init(origin: CardOrigin, studiedBy: Set<Int64> = []) {
            self.origin = origin
            self.studiedBy = studiedBy
        }
    }

    /// The topic's unstudied cards by the rule: its study cards minus the most of them any one learner studied.
    ///
    /// ```swift
    /// RefillRule.unstudiedCount([.init(origin: .fallback), .init(origin: .generated, studiedBy: [1])]) // 0
    /// ```
    package static func unstudiedCount(_ cards: [StockCard]) -> Int {
        let study = cards.filter { isStudyMaterial($0.origin) }
        var studied: [Int64: Int] = [:]
        for card in study {
            for learner in card.studiedBy { studied[learner, default: 0] += 1 }
        }
        return study.count - (studied.values.max() ?? 0)
    }

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
