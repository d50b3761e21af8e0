public import FCCore

public import struct Foundation.Date

/// Reviews whose fuzz comes from the card and its review count, so a rebuild reproduces fuzzed due dates without
/// storing any generator state.
///
/// A live review of a card with `reps` earlier reviews and a replay of its log both draw review number `reps` from
/// `SplitMix64(seed: Self.reviewSeed(cardSeed: cardSeed, review: reps))`; the two therefore agree exactly, with fuzz
/// on. Use a stable per-card value as `cardSeed` (its database id, say).
///
/// ```swift
/// let outcome = scheduler.review(card, rating: .good, at: now, cardSeed: UInt64(bitPattern: cardID))
/// let same = scheduler.rebuild(from: log, createdAt: created, cardSeed: UInt64(bitPattern: cardID))
/// ```
extension CardScheduler {
    /// The seed of the generator for review number `review` (0-based) of the card seeded `cardSeed`.
    public static func reviewSeed(cardSeed: UInt64, review: Int) -> UInt64 {
        // An odd 64-bit constant spreads review numbers apart; SplitMix64 mixes the rest.
        cardSeed &+ UInt64(truncatingIfNeeded: review) &* 0xD1B5_4A32_D192_ED03
    }

    /// Applies one review, drawing fuzz from a generator seeded by the card and its review count.
    public func review(_ card: CardState, rating: Rating, at time: Date, cardSeed: UInt64) -> ReviewOutcome {
        var generator = SplitMix64(seed: Self.reviewSeed(cardSeed: cardSeed, review: card.reps))
        return review(card, rating: rating, at: time, using: &generator)
    }

    /// Replays a review log with per-review seeds; see ``review(_:rating:at:cardSeed:)``.
    public func replay(_ log: [ReviewLogEntry], createdAt: Date, cardSeed: UInt64) -> [ReviewOutcome] {
        var card = CardState(newAt: createdAt)
        var outcomes: [ReviewOutcome] = []
        outcomes.reserveCapacity(log.count)
        for entry in Self.timeOrdered(log) {
            let outcome = adapted(toRecentRecallRate: entry.recentRecallRate)
                .review(card, rating: entry.rating, at: entry.reviewedAt, cardSeed: cardSeed)
            outcomes.append(outcome)
            card = outcome.card
        }
        return outcomes
    }

    /// The state after all of a log's reviews, with per-review seeds; see ``review(_:rating:at:cardSeed:)``.
    public func rebuild(from log: [ReviewLogEntry], createdAt: Date, cardSeed: UInt64) -> CardState {
        replay(log, createdAt: createdAt, cardSeed: cardSeed).last?.card ?? CardState(newAt: createdAt)
    }
}
