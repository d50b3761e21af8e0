public import struct Foundation.Date

/// Everything any of the algorithms remembers about one card between reviews.
///
/// One type serves all three algorithms so that a topic can switch algorithm and a store can keep one row shape;
/// each algorithm reads and writes the fields it needs and leaves the others `nil`:
///
/// | field | fsrs | badger | leitner |
/// | --- | --- | --- | --- |
/// | ``phase``, ``step`` | learning, review, relearning | learning, review, relearning | review |
/// | ``stability`` | FSRS stability (days) | days the memory holds | the box's unrounded interval (days) |
/// | ``difficulty`` | 1–10 | 0–1 | `nil` |
/// | ``box`` | `nil` | `nil` | 0–7 |
///
/// The state is derived data: replaying the card's review log with ``CardScheduler/rebuild(from:createdAt:using:)``
/// produces it again.
///
/// ```swift
/// var rng = SplitMix64(seed: 1)
/// let card = CardState(newAt: created)
/// let after = Scheduler(algorithm: .fsrs).review(card, rating: .good, at: now, using: &rng).card
/// ```
public struct CardState: Sendable, Codable, Hashable {
    /// Where the card is in its life.
    public var phase: CardPhase
    /// The index of the current learning or relearning step; `nil` outside those phases.
    public var step: Int?
    /// How long the memory is expected to last, in days; `nil` before the first review.
    public var stability: Double?
    /// How hard the card is for this learner, on the algorithm's own scale; `nil` when the algorithm has none.
    public var difficulty: Double?
    /// The Leitner box, 0–7; `nil` for the other algorithms.
    public var box: Int?
    /// When the card should next be shown.
    public var due: Date
    /// When the card was last reviewed; `nil` for a new card.
    public var lastReview: Date?
    /// How many reviews the card has had, whatever their rating.
    public var reps: Int
    /// How many times the card was failed after it had reached long-term review.
    public var lapses: Int

    /// A state with every field given.
    public init(
        phase: CardPhase,
        step: Int? = nil,
        stability: Double? = nil,
        difficulty: Double? = nil,
        box: Int? = nil,
        due: Date,
        lastReview: Date? = nil,
        reps: Int = 0,
        lapses: Int = 0
    ) {
        self.phase = phase
        self.step = step
        self.stability = stability
        self.difficulty = difficulty
        self.box = box
        self.due = due
        self.lastReview = lastReview
        self.reps = reps
        self.lapses = lapses
    }

    /// A card that has never been reviewed and is due from the moment it was created.
    public init(newAt created: Date) {
        self.init(phase: .new, due: created)
    }

    /// Whether the card should be shown at `time` (it is due at or before it).
    public func isDue(at time: Date) -> Bool { due <= time }
}
