package import FCScheduler

extension RecallWindow {
    /// Whether a review of a card in a topic scheduled by `algorithm` reads this window: a window of some size, for
    /// one of its algorithms.
    package func applies(to algorithm: SchedulingAlgorithm) -> Bool {
        size > 0 && algorithms.contains(algorithm)
    }
}

extension ReviewContext {
    /// Whether the learner's state was computed by another algorithm than the topic's (the topic switched): the
    /// decision then rebuilds it from the review log (``logForRebuild``).
    package var needsRebuild: Bool {
        state.map { $0.algorithm != topicAlgorithm } ?? false
    }

    /// Places the window a review asked for (`requested`) at this context's card: moved to the learner's last
    /// review of it when it follows that (``RecallWindow/following(_:)``, and ``reviewTime`` set to where it was
    /// read), and returned only when the topic's algorithm reads it (``RecallWindow/applies(to:)``).
    ///
    /// One rule for both ways a review reads its context: one review alone (``Database/reviewContext(userID:cardID:window:)``)
    /// and a batch's (``Database/bulkReviewContext(_:in:)``).
    mutating func place(_ requested: RecallWindow?) -> RecallWindow? {
        let window = requested?.following(state?.lastReview)
        if let window, window.followsLastReview { reviewTime = window.time }
        guard let window, window.applies(to: topicAlgorithm) else { return nil }
        return window
    }
}
