public import FCScheduler
public import FCStore

/// Changing a topic's scheduling algorithm: the review log stays as it is, every learner's card states are
/// rebuilt from it under the new algorithm, all in one transaction.
///
/// The rebuild replays each card's log exactly as ``ReviewRecorder`` would have recorded it under the new
/// algorithm: the same per-card fuzz seeds and, for badger, the same recent recall rate before every review
/// (``RecentRecall``, read for the whole topic in one pass). Switching to the algorithm a topic already has
/// therefore leaves its states unchanged, and switching away and back restores them.
///
/// ```swift
/// let rebuilt = try await AlgorithmSwitch.setAlgorithm(on: store, .fsrs, topicID: topic.id)
/// ```
public enum AlgorithmSwitch {
    /// Switches the topic to `algorithm` and rebuilds its card states.
    ///
    /// - Returns: How many card states were rebuilt.
    /// - Throws: ``FCStore/StoreError/topicNotFound(topicID:)``, ``FCStore/StoreError``.
    @discardableResult
    public static func setAlgorithm(on store: Store, _ algorithm: SchedulingAlgorithm, topicID: Int64) async throws
        -> Int
    {
        try await store.write("set topic algorithm") { db in
            guard try await db.updateTopicAlgorithm(algorithm, topicID: topicID) else {
                throw StoreError.topicNotFound(topicID: topicID)
            }
            let histories = try await db.stateHistories(topicID: topicID, recallWindow: RecentRecall.windowSize)
            for history in histories {
                var state = rebuild(history, algorithm: algorithm)
                (state.userID, state.cardID, state.algorithm) = (history.userID, history.cardID, algorithm)
                try await db.upsertState(state)
            }
            return histories.count
        }
    }

    /// The state a card's history gives under `algorithm`, as ``ReviewRecorder`` would have stored it.
    package static func rebuild(_ history: CardHistory, algorithm: SchedulingAlgorithm) -> StoredCardState {
        let state = Scheduler(algorithm: algorithm).rebuild(
            from: history.log.compactMap(ReviewLogEntry.init), createdAt: history.cardCreatedAt,
            cardSeed: UInt64(bitPattern: history.cardID))
        return state.stored(userID: history.userID, cardID: history.cardID, algorithm: algorithm)
    }
}
