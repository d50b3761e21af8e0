package import FCScheduler
package import Foundation

extension Database {
    /// The topic's scheduling algorithm (`badger` unless changed).
    ///
    /// - Throws: ``StoreError/topicNotFound(topicID:)``.
    package func topicAlgorithm(topicID: Int64) async throws -> SchedulingAlgorithm {
        try await connection.withQuery(
            "SELECT algorithm FROM topics WHERE id = \(topicID)", operation: "read algorithm"
        ) {
            statement in
            guard try await statement.step() else { throw StoreError.topicNotFound(topicID: topicID) }
            return try statement.algorithm(at: 0, table: "topics")
        }
    }

    /// Switches the topic to `algorithm` and rebuilds every learner's state of its cards from the review log,
    /// in one transaction: history is kept, only the derived states change.
    ///
    /// - Parameters:
    ///   - recallWindow: When above 0, every review of the logs carries its recall window of this size
    ///     (``StoredReview/recentRecall``, see ``recentRecall(userID:topicID:before:window:)``), read for the whole
    ///     topic in one pass.
    ///   - rebuild: Computes a card's state under the new algorithm from its log (the pipeline replays it with
    ///     `Scheduler.rebuild`).
    /// - Returns: How many card states were rebuilt.
    @discardableResult
    package func setTopicAlgorithm(
        _ algorithm: SchedulingAlgorithm, topicID: Int64, recallWindow: Int = 0,
        rebuild: (CardHistory) -> StoredCardState
    ) async throws -> Int {
        try await connection.immediateTransaction("set topic algorithm") {
            try await connection.withQuery(
                "UPDATE topics SET algorithm = \(algorithm.rawValue) WHERE id = \(topicID)", operation: "set algorithm"
            ) {
                statement in
                try await statement.run()
            }
            guard await connection.changes == 1 else { throw StoreError.topicNotFound(topicID: topicID) }
            let pairs = try await connection.withQuery(
                """
                SELECT s.user_id, s.card_id, c.created_at FROM card_states s JOIN cards c ON c.id = s.card_id
                WHERE c.topic_id = \(topicID)
                """,
                operation: "list states to rebuild"
            ) { statement in
                var rows: [(Int64, Int64, Int64)] = []
                while try await statement.step() {
                    rows.append((statement.int64(at: 0), statement.int64(at: 1), statement.int64(at: 2)))
                }
                return rows
            }
            let logs = await recallWindow > 0 ? try topicReviewLogs(topicID: topicID, window: recallWindow) : nil
            for (userID, cardID, createdAt) in pairs {
                let log =
                    if let logs { logs[CardKey(userID: userID, cardID: cardID)] ?? [] } else {
                        try await reviewLog(userID: userID, cardID: cardID)
                    }
                let history = CardHistory(
                    userID: userID, cardID: cardID, cardCreatedAt: Date(unixMilliseconds: createdAt), log: log)
                var state = rebuild(history)
                state.userID = userID
                state.cardID = cardID
                state.algorithm = algorithm
                try await upsertState(state)
            }
            return pairs.count
        }
    }
}

/// A learner's review history of one card: what a rebuild replays.
package struct CardHistory: Sendable {
    package var userID: Int64
    package var cardID: Int64
    package var cardCreatedAt: Date
    /// Oldest first.
    package var log: [StoredReview]
}

extension Store {
    package func topicAlgorithm(topicID: Int64) async throws -> SchedulingAlgorithm {
        try await read { try await $0.topicAlgorithm(topicID: topicID) }
    }

    @discardableResult
    package func setTopicAlgorithm(
        _ algorithm: SchedulingAlgorithm, topicID: Int64, recallWindow: Int = 0,
        rebuild: @escaping @Sendable (CardHistory) -> StoredCardState
    ) async throws -> Int {
        try await write("set topic algorithm") {
            try await $0.setTopicAlgorithm(algorithm, topicID: topicID, recallWindow: recallWindow, rebuild: rebuild)
        }
    }
}
