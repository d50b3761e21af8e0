public import struct Foundation.Date

/// Rebuilding a card's state from its review log: the log is the source of truth, the state a cache of it.
extension CardScheduler {
    /// Replays a review log from a new card and returns the outcome of every review, in time order.
    ///
    /// Entries are applied oldest first; entries with the same time keep their order in `log` (py-fsrs's
    /// `reschedule_card` also sorts by time). Replaying with a generator in the same state as when the reviews were
    /// made reproduces the fuzzed due dates too; ``replay(_:createdAt:cardSeed:)`` does that without keeping any
    /// generator state between reviews.
    ///
    /// ```swift
    /// var rng = SplitMix64(seed: 0)
    /// let states = Scheduler(algorithm: .fsrs).replay(log, createdAt: created, using: &rng).map(\.card)
    /// ```
    ///
    /// - Parameters:
    ///   - log: The card's reviews, in any order.
    ///   - createdAt: When the card was created (a new card is due from then).
    ///   - generator: The source of interval fuzz.
    /// - Returns: One outcome per entry of `log`.
    public func replay(
        _ log: [ReviewLogEntry],
        createdAt: Date,
        using generator: inout some RandomNumberGenerator
    ) -> [ReviewOutcome] {
        var card = CardState(newAt: createdAt)
        var outcomes: [ReviewOutcome] = []
        outcomes.reserveCapacity(log.count)
        for entry in Self.timeOrdered(log) {
            let outcome = adapted(toRecentRecallRate: entry.recentRecallRate)
                .review(card, rating: entry.rating, at: entry.reviewedAt, using: &generator)
            outcomes.append(outcome)
            card = outcome.card
        }
        return outcomes
    }

    /// The state a card has after all the reviews of its log; a new card when the log is empty.
    ///
    /// Equal to applying ``review(_:rating:at:using:)`` once per entry, oldest first (each with the scheduler
    /// ``adapted(toRecentRecallRate:)`` to the entry's recall rate).
    public func rebuild(
        from log: [ReviewLogEntry],
        createdAt: Date,
        using generator: inout some RandomNumberGenerator
    ) -> CardState {
        var card = CardState(newAt: createdAt)
        for entry in Self.timeOrdered(log) {
            card =
                adapted(toRecentRecallRate: entry.recentRecallRate)
                .review(card, rating: entry.rating, at: entry.reviewedAt, using: &generator).card
        }
        return card
    }

    /// `log` sorted by time, stable for equal times; returned as is when already in order (the usual case).
    static func timeOrdered(_ log: [ReviewLogEntry]) -> [ReviewLogEntry] {
        let isOrdered = zip(log, log.dropFirst()).allSatisfy { $0.reviewedAt <= $1.reviewedAt }
        if isOrdered { return log }
        return log.enumerated()
            .sorted { ($0.element.reviewedAt, $0.offset) < ($1.element.reviewedAt, $1.offset) }
            .map(\.element)
    }
}
