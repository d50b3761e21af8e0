import FCCore
public import FCScheduler
package import FCStore

extension CardState {
    /// The scheduler's view of a stored state.
    package init(_ stored: StoredCardState) {
        self = stored.schedule
    }

    /// The store's row for this state, with its knowledge level.
    package func stored(userID: Int64, cardID: Int64, algorithm: SchedulingAlgorithm) -> StoredCardState {
        StoredCardState(userID: userID, cardID: cardID, algorithm: algorithm, schedule: self)
    }
}

extension ReviewLogEntry {
    /// The scheduler's view of a stored review, with its recall rate when the store read its window; `nil` for a
    /// rating outside 0–3.
    package init?(_ stored: StoredReview) {
        guard let rating = Rating(rawValue: stored.rating) else { return nil }
        let rate = stored.recentRecall.flatMap { RecentRecall.rate(reviews: $0.reviews, passed: $0.passed) }
        self.init(reviewedAt: stored.reviewedAt, rating: rating, recentRecallRate: rate)
    }
}
