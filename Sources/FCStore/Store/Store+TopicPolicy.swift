package import FCCore

/// Topics' refill policies (``TopicRepository``; the policy's checks are FCPipeline's `Topics.setPolicy`).
extension Database {
    /// Sets the topic's refill policy (`nil`: unsubscribed); whether there is such a topic.
    package func updateTopicPolicy(_ policy: TopicPolicy?, topicID: Int64) async throws -> Bool {
        try await connection.runQuery(
            """
            UPDATE topics SET refill_below = \(policy?.refillBelow), batch_size = \(policy?.batchSize), max_batches
                = \(policy?.maxBatches) WHERE id = \(topicID)
            """,
            operation: "set topic policy")
        return await connection.changes == 1
    }

    /// The topic's refill policy; `nil` when it is not subscribed.
    ///
    /// - Throws: ``StoreError/topicNotFound(topicID:)``.
    package func topicPolicy(topicID: Int64) async throws -> TopicPolicy? {
        try await connection.withQuery(
            "SELECT refill_below, batch_size, max_batches FROM topics WHERE id = \(topicID)",
            operation: "read topic policy"
        ) { statement in
            guard try await statement.step() else { throw StoreError.topicNotFound(topicID: topicID) }
            return Self.policy(from: statement, at: 0)
        }
    }

    /// The topic's policy with the counts the refill rule looks at and its open job.
    ///
    /// - Throws: ``StoreError/topicNotFound(topicID:)``.
    package func topicRefillStatus(topicID: Int64) async throws -> TopicRefillStatus {
        let row = try await connection.withQuery(
            """
            SELECT t.name, t.refill_below, t.batch_size, t.max_batches,
                (SELECT COUNT(*) FROM cards c WHERE c.topic_id = t.id),
                \(raw: RefillRule.unstudiedCardsSQL), \(raw: RefillRule.batchCountSQL)
            FROM topics t WHERE t.id = \(topicID) AND t.import_staging_id IS NULL
            """,
            operation: "read topic refill status"
        ) { statement in
            guard try await statement.step() else { throw StoreError.topicNotFound(topicID: topicID) }
            return (
                name: statement.string(at: 0), policy: Self.policy(from: statement, at: 1),
                cards: statement.int(at: 4), unstudied: statement.int(at: 5), batches: statement.int(at: 6)
            )
        }
        let openJob = try await jobs(topicID: topicID).first { $0.status.isOpen }
        return TopicRefillStatus(
            topicID: topicID, name: row.name, policy: row.policy, cardCount: row.cards,
            unstudiedCount: row.unstudied, batchCount: row.batches, openJob: openJob,
            isRefillDue: RefillRule.isDue(policy: row.policy, unstudied: row.unstudied, batches: row.batches))
    }

    /// Reads `refill_below, batch_size, max_batches` starting at `column`.
    static func policy(from statement: any SQLStatement, at column: Int32) -> TopicPolicy? {
        guard let refillBelow = statement.optionalInt(at: column),
            let batchSize = statement.optionalInt(at: column + 1)
        else { return nil }
        return TopicPolicy(
            refillBelow: refillBelow, batchSize: batchSize, maxBatches: statement.optionalInt(at: column + 2))
    }
}
