package import FCScheduler

package import struct Foundation.Date

/// One topic as a learner sees it: how many cards it has, and how many of them are studied, due and known.
package struct TopicStudySummary: Sendable, Codable, Hashable {
    package var topicID: Int64
    package var name: String
    /// The topic's scheduling algorithm.
    package var algorithm: SchedulingAlgorithm
    package var cardCount: Int
    /// Cards the learner has reviewed at least once.
    package var studiedCount: Int
    /// Studied cards due at or before the time asked about.
    package var dueCount: Int
    /// Cards the learner knows (see FCScheduler's `KnownRule`).
    package var knownCount: Int
    /// Cards the learner has never reviewed but suspended or buried: not new for a study queue now.
    package var heldBackNewCount = 0

    /// Cards the learner has never reviewed and could study now (not suspended or buried).
    package var newCount: Int { cardCount - studiedCount - heldBackNewCount }

    /// Known cards as a share of all cards, 0–1 (0 for an empty topic).
    package var progress: Double { cardCount > 0 ? Double(knownCount) / Double(cardCount) : 0 }
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
