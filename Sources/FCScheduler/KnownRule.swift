/// When a card counts as *known*: the definition behind `fcgen stats`' progress, a topic "completed" and the
/// study summaries, in one place.
///
/// A card is known when its state is in long-term review with a stability of at least 21 days (badger and FSRS:
/// the memory is expected to hold for three weeks), or, under Leitner, when it sits in box 4 or higher (a review
/// interval of 26 days or more). New, learning and relearning cards are never known.
///
/// The store counts known cards in SQL; that condition is built from these values (FCStore's `KnownRule.sql`) and
/// tested against ``isKnown(_:algorithm:)`` over every phase, algorithm and boundary.
public enum KnownRule {
    /// The phase a known card is in.
    public static let phase = CardPhase.review
    /// Stability (days) from which a card in review is known, under every algorithm but Leitner.
    public static let minimumStability = 21.0
    /// The algorithm whose cards are known by their box rather than their stability.
    public static let boxAlgorithm = SchedulingAlgorithm.leitner
    /// The lowest Leitner box whose cards are known.
    public static let minimumLeitnerBox = 4

    /// Whether a card in `state`, scheduled by `algorithm`, counts as known.
    ///
    /// ```swift
    /// KnownRule.isKnown(CardState(phase: .review, stability: 30, due: now), algorithm: .fsrs)  // true
    /// ```
    public static func isKnown(_ state: CardState, algorithm: SchedulingAlgorithm) -> Bool {
        guard state.phase == phase else { return false }
        if algorithm == boxAlgorithm { return (state.box ?? 0) >= minimumLeitnerBox }
        return (state.stability ?? 0) >= minimumStability
    }
}
