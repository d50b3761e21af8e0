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
