public import FCCore

public import struct Foundation.Date

/// An algorithm that decides when a card comes back: state in, decision out, no I/O.
///
/// Implementations are pure functions of their arguments: the same card, rating, time and generator state always
/// give the same outcome. Chance (interval fuzz) comes only from `generator`, so tests pass a seeded `SplitMix64`.
///
/// ```swift
/// var rng = SplitMix64(seed: 7)
/// let scheduler = Scheduler(algorithm: .badger)
/// let outcome = scheduler.review(CardState(newAt: created), rating: .good, at: now, using: &rng)
/// outcome.card.due  // ten minutes after `now`: the first learning step
/// ```
public protocol CardScheduler: Sendable {
    /// Applies one review to a card.
    ///
    /// - Parameters:
    ///   - card: The card's state before the review.
    ///   - rating: How the learner rated their recall.
    ///   - time: When the review happened. It should not be earlier than `card.lastReview`.
    ///   - generator: The source of interval fuzz; untouched when fuzz is off.
    /// - Returns: The card's new state and the numbers behind it.
    func review(
        _ card: CardState,
        rating: Rating,
        at time: Date,
        using generator: inout some RandomNumberGenerator
    ) -> ReviewOutcome

    /// This scheduler tuned to a learner's recent recall rate (share of recent reviews not failed, 0–1).
    ///
    /// Only badger uses the rate (its recall targeting, ``BadgerScheduler``); the default returns `self`. `nil`
    /// (too few reviews to tell) also returns `self`, so a scheduler keeps whatever its configuration says. Live
    /// recording and replay both call this with the rate ``RecentRecall`` computes from the review log before each
    /// review, so a rebuild reproduces the live states.
    func adapted(toRecentRecallRate rate: Double?) -> Self
}

extension CardScheduler {
    public func adapted(toRecentRecallRate rate: Double?) -> Self { self }
}
