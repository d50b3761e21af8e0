package import FCScheduler
package import Foundation

/// Topics' scheduling algorithms (``TopicRepository``; a switch and its rebuild are FCPipeline's `AlgorithmSwitch`).
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

    /// Sets the topic's scheduling algorithm (its card states are not touched); whether there is such a topic.
    package func updateTopicAlgorithm(_ algorithm: SchedulingAlgorithm, topicID: Int64) async throws -> Bool {
        try await connection.runQuery(
            "UPDATE topics SET algorithm = \(algorithm.rawValue) WHERE id = \(topicID)", operation: "set algorithm")
        return await connection.changes == 1
    }

    /// The review history of every learner's card state in the topic: what a switch of its algorithm replays.
    ///
    /// - Parameter recallWindow: When above 0, every review of the logs carries its recall window of this size
    ///   (``StoredReview/recentRecall``, see ``recentRecall(userID:topicID:before:window:)``), read for the whole
    ///   topic in one pass.
    package func stateHistories(topicID: Int64, recallWindow: Int) async throws -> [CardHistory] {
        let pairs = try await connection.rows(
            """
            SELECT s.user_id, s.card_id, c.created_at FROM card_states s JOIN cards c ON c.id = s.card_id
            WHERE c.topic_id = \(topicID)
            """,
            operation: "list states to rebuild"
        ) { statement in (statement.int64(at: 0), statement.int64(at: 1), statement.int64(at: 2)) }
        let logs = await recallWindow > 0 ? try topicReviewLogs(topicID: topicID, window: recallWindow) : nil
        var histories: [CardHistory] = []
        for (userID, cardID, createdAt) in pairs {
            let log =
                if let logs { logs[CardKey(userID: userID, cardID: cardID)] ?? [] } else {
                    try await reviewLog(userID: userID, cardID: cardID)
                }
            histories.append(
                CardHistory(
                    userID: userID, cardID: cardID, cardCreatedAt: Date(unixMilliseconds: createdAt), log: log))
        }
        return histories
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
