public import Foundation

/// What one review decided: the card's new state, plus the numbers behind the decision.
public struct ReviewOutcome: Sendable, Codable, Hashable {
    /// The card after the review.
    public var card: CardState
    /// The time from the review to the new due date, in seconds.
    public var interval: TimeInterval
    /// The predicted probability of recall at the moment of the review, before it; `nil` when the algorithm does
    /// not model it (badger, leitner). FSRS reports 0 for a card's first review, as py-fsrs does.
    public var retrievability: Double?
    /// Whole 24-hour periods since the previous review; `nil` on the first review.
    public var elapsedDays: Int?

    public init(card: CardState, interval: TimeInterval, retrievability: Double? = nil, elapsedDays: Int? = nil) {
        self.card = card
        self.interval = interval
        self.retrievability = retrievability
        self.elapsedDays = elapsedDays
    }
}
