public import struct Foundation.Date

/// One topic as a learner sees it: how many cards it has, and how many of them are studied, due and known.
public struct TopicStudySummary: Sendable, Codable, Hashable {
    public var topicID: Int64
    public var name: String
    /// The topic's scheduling algorithm.
    public var algorithm: String
    public var cardCount: Int
    /// Cards the learner has reviewed at least once.
    public var studiedCount: Int
    /// Studied cards due at or before the time asked about.
    public var dueCount: Int
    /// Cards the learner knows (see ``KnownRule``).
    public var knownCount: Int

    /// Cards the learner has never reviewed.
    public var newCount: Int { cardCount - studiedCount }

    /// Known cards as a share of all cards, 0–1 (0 for an empty topic).
    public var progress: Double { cardCount > 0 ? Double(knownCount) / Double(cardCount) : 0 }
}

/// When a card counts as *known*: the definition behind `fcgen stats`' progress, in one place.
///
/// A card is known when the learner's state is in long-term review with a stability of at least 21 days (badger
/// and FSRS: the memory is expected to hold for three weeks), or, under Leitner, when it sits in box 4 or higher
/// (a review interval of 26 days or more). Learning and relearning cards are never known.
public enum KnownRule {
    /// Stability (days) from which a card in review is known.
    public static let minimumStability = 21.0
    /// The lowest Leitner box whose cards are known.
    public static let minimumLeitnerBox = 4

    /// The rule as an SQL condition on `card_states` aliased `s`.
    static let sql = """
        (s.phase = 2 AND ((s.algorithm = 'leitner' AND s.box >= \(minimumLeitnerBox))
            OR (s.algorithm <> 'leitner' AND s.stability >= \(minimumStability))))
        """

    /// Whether a state counts as known.
    public static func isKnown(_ state: StoredCardState) -> Bool {
        guard state.phase == 2 else { return false }
        if state.algorithm == "leitner" { return (state.box ?? 0) >= minimumLeitnerBox }
        return (state.stability ?? 0) >= minimumStability
    }
}

/// A card the study queue may pick: due now, with its knowledge level.
public struct DueCandidate: Sendable, Hashable {
    public var cardID: Int64
    public var level: Int
    public var due: Date
}

/// One review for statistics: which topic, when, and how it was rated.
public struct ReviewEvent: Sendable, Hashable {
    public var topicID: Int64
    public var reviewedAt: Date
    public var rating: Int
}
