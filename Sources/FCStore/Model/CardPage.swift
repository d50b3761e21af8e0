package import struct Foundation.Date

/// One learner's learning state of one card, as a card listing shows it next to the card.
package struct CardProgress: Sendable, Hashable {
    /// When the card is next due for this learner.
    package var due: Date
    package var reps: Int
    package var lapses: Int
    /// The knowledge level the study queue orders by (0 = still in learning steps).
    package var level: Int
    package var lastReview: Date?

    package init(due: Date, reps: Int, lapses: Int, level: Int, lastReview: Date?) {
        self.due = due
        self.reps = reps
        self.lapses = lapses
        self.level = level
        self.lastReview = lastReview
    }
}

/// A card of a page of a topic's deck, with the reading learner's progress (`nil`: the learner has not studied it).
package struct PagedCard: Sendable, Hashable {
    package var details: CardDetails
    package var progress: CardProgress?

    package init(details: CardDetails, progress: CardProgress?) {
        self.details = details
        self.progress = progress
    }
}

/// Where a page of a deck starts: after the card `cardID`, which was at `position` when the previous page was read.
///
/// The card's current position is used when it still exists in the topic, so cards deleted before it in the
/// meantime neither repeat nor skip a card; once the card itself is gone, the page starts at its old `position`
/// (where the deck, closing up, put the card that followed it).
package struct CardPageAnchor: Sendable, Hashable {
    package var cardID: Int64
    package var position: Int

    package init(cardID: Int64, position: Int) {
        self.cardID = cardID
        self.position = position
    }
}
