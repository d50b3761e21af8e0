/// When a subscribed topic needs its next batch: the refill rule, in one place.
///
/// A refill is due when the topic has a ``TopicPolicy``, fewer than `refillBelow` of its cards are *unstudied*,
/// and it has fewer than `maxBatches` batches (no limit when `nil`). "Unstudied" means: of the cards a learner
/// could study (``isStudyMaterial(_:)``: every card but a templated fallback, which no study queue shows unless
/// asked), those the learner with the fewest left has not studied yet (no study state). That is the topic's study
/// cards minus the most of them any one learner has studied; with no learners (or nobody has studied the topic)
/// every study card counts. The learner furthest ahead decides, so they never run out of new cards, and a topic
/// whose batches all fell back to templated cards is refilled, since nobody can study those.
///
/// This is the rule's one definition. The store runs it as SQL for every topic at once (FCStore's
/// `RefillRule+SQL.swift`, built from ``isStudyMaterial(_:)``), and its tests check the SQL against
/// ``unstudiedCount(_:)`` and ``isDue(policy:unstudied:batches:)`` on both engines.
public enum RefillRule {
    /// Whether a card of this origin is study material, as the study queues decide: a fallback card is stored for
    /// inspection, not for learning.
    public static func isStudyMaterial(_ origin: CardOrigin) -> Bool { origin != .fallback }

    /// One card of a topic as the rule sees it: where it came from and which learners have studied it.
    public struct StockCard: Sendable, Hashable {
        public var origin: CardOrigin
        /// The learners with a study state for the card.
        public var studiedBy: Set<Int64>

        public init(origin: CardOrigin, studiedBy: Set<Int64> = []) {
            self.origin = origin
            self.studiedBy = studiedBy
        }
    }

    /// The topic's unstudied cards by the rule: its study cards minus the most of them any one learner studied.
    ///
    /// ```swift
    /// RefillRule.unstudiedCount([.init(origin: .fallback), .init(origin: .generated, studiedBy: [1])]) // 0
    /// ```
    public static func unstudiedCount(_ cards: [StockCard]) -> Int {
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
    public static func isDue(policy: TopicPolicy?, unstudied: Int, batches: Int) -> Bool {
        guard let policy else { return false }
        if let maxBatches = policy.maxBatches, batches >= maxBatches { return false }
        return unstudied < policy.refillBelow
    }
}
