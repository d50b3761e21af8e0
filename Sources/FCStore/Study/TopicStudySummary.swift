package import struct Foundation.Date

/// One topic as a learner sees it: how many cards it has, and how many of them are studied, due and known.
package struct TopicStudySummary: Sendable, Codable, Hashable {
    package var topicID: Int64
    package var name: String
    /// The topic's scheduling algorithm.
    package var algorithm: String
    package var cardCount: Int
    /// Cards the learner has reviewed at least once.
    package var studiedCount: Int
    /// Studied cards due at or before the time asked about.
    package var dueCount: Int
    /// Cards the learner knows (see ``KnownRule``).
    package var knownCount: Int
    /// Cards the learner has never reviewed but suspended or buried: not new for a study queue now.
    package var heldBackNewCount = 0

    /// Cards the learner has never reviewed and could study now (not suspended or buried).
    package var newCount: Int { cardCount - studiedCount - heldBackNewCount }

    /// Known cards as a share of all cards, 0–1 (0 for an empty topic).
    package var progress: Double { cardCount > 0 ? Double(knownCount) / Double(cardCount) : 0 }
}

/// When a card counts as *known*: the definition behind `fcgen stats`' progress, in one place.
///
/// A card is known when the learner's state is in long-term review with a stability of at least 21 days (badger
/// and FSRS: the memory is expected to hold for three weeks), or, under Leitner, when it sits in box 4 or higher
/// (a review interval of 26 days or more). Learning and relearning cards are never known.
package enum KnownRule {
    /// Stability (days) from which a card in review is known.
    package static let minimumStability = 21.0
    /// The lowest Leitner box whose cards are known.
    package static let minimumLeitnerBox = 4

    /// The rule as an SQL condition on `card_states` aliased `s`.
    static let sql = """
        (s.phase = 2 AND ((s.algorithm = 'leitner' AND s.box >= \(minimumLeitnerBox))
            OR (s.algorithm <> 'leitner' AND s.stability >= \(minimumStability))))
        """

    /// Whether a state counts as known.
    package static func isKnown(_ state: StoredCardState) -> Bool {
        guard state.phase == 2 else { return false }
        if state.algorithm == "leitner" { return (state.box ?? 0) >= minimumLeitnerBox }
        return (state.stability ?? 0) >= minimumStability
    }
}

/// A card the study queue may pick: due now, with its knowledge level.
package struct DueCandidate: Sendable, Hashable {
    package var cardID: Int64
    package var level: Int
    package var due: Date

    package init(cardID: Int64, level: Int, due: Date) {
        self.cardID = cardID
        self.level = level
        self.due = due
    }
}

/// One review for statistics: which topic, when, and how it was rated.
package struct ReviewEvent: Sendable, Hashable {
    package var topicID: Int64
    package var reviewedAt: Date
    package var rating: Int
}
