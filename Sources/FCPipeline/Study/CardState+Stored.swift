import FCCore
public import FCScheduler
package import FCStore

extension CardState {
    /// The scheduler's view of a stored state.
    package init(_ stored: StoredCardState) {
        self.init(
            phase: CardPhase(rawValue: stored.phase) ?? .new, step: stored.step, stability: stored.stability,
            difficulty: stored.difficulty, box: stored.box, due: stored.due, lastReview: stored.lastReview,
            reps: stored.reps, lapses: stored.lapses)
    }

    /// The store's row for this state, with its knowledge level.
    package func stored(userID: Int64, cardID: Int64, algorithm: SchedulingAlgorithm) -> StoredCardState {
        StoredCardState(
            userID: userID, cardID: cardID, algorithm: algorithm.rawValue, phase: phase.rawValue, step: step,
            stability: stability, difficulty: difficulty, box: box, due: due, lastReview: lastReview, reps: reps,
            lapses: lapses, level: KnowledgeLevel.of(self))
    }
}

extension ReviewLogEntry {
    /// The scheduler's view of a stored review, with its recall rate when the store read its window; `nil` for a
    /// rating outside 0–3.
    package init?(_ stored: StoredReview) {
        guard let rating = Rating(rawValue: stored.rating) else { return nil }
        let rate = stored.recentRecall.flatMap { RecentRecall.rate(reviews: $0.reviews, passed: $0.passed) }
        self.init(reviewedAt: stored.reviewedAt, rating: rating, recentRecallRate: rate)
    }
}

/// How well a card is known, as a small integer the study queue orders by: 0 weakest.
///
/// - 0: new, or in learning or relearning steps (just failed or never passed).
/// - Leitner: 1 + the box (1–8).
/// - badger and FSRS in review: 1 + ⌊log₂ stability⌋ (stability in days, at least 1): 1 for a day, 2 for 2–3
///   days, 3 for 4–7, … Doubling buckets make "the same level" mean "about the same strength", so shuffling
///   within a level mixes cards of similar strength without letting a strong card jump ahead of a weak one.
public enum KnowledgeLevel {
    /// The level of a state.
    public static func of(_ state: CardState) -> Int {
        guard state.phase == .review else { return 0 }
        if let box = state.box { return 1 + box }
        let stability = max(state.stability ?? 1, 1)
        return min(1 + Int(stability.log2Floor), 40)
    }
}

extension Double {
    /// ⌊log₂ self⌋ for self ≥ 1.
    fileprivate var log2Floor: Int { Int(exponent) }
}
