import FCCore

extension Database {
    /// Enqueues a refill job for one topic unless it already has an open one: the feed's "a learner is running
    /// out" signal. The caller decides that the learner's unseen stock is low; the topic's policy and batch cap
    /// are checked here. The same `jobs_one_open_per_topic` index as ``enqueueDueRefills(maxAttempts:)`` keeps it
    /// to one open job per topic, whoever enqueues.
    ///
    /// - Returns: the job created now, or `nil` (an open job exists, no policy, or the batch cap is reached).
    package func enqueueRefill(topicID: Int64, maxAttempts: Int) async throws -> Job? {
        let now = now().unixMilliseconds
        let id: Int64? = try await connection.immediateTransaction("enqueue refill") {
            // One enqueue at a time, as in `enqueueDueRefills`: its snapshot then holds the jobs enqueued before it.
            try await holdUntilTransactionEnds(.refillEnqueues)
            return try await connection.withQuery(
                """
                INSERT INTO jobs (topic_id, kind, status, attempts, max_attempts, run_after,
                    created_at, updated_at)
                SELECT t.id, 'refill', 'queued', 0, \(max(1, maxAttempts)), \(now), \(now), \(now) FROM topics t
                WHERE t.id = \(topicID) AND t.refill_below IS NOT NULL AND t.batch_size IS NOT NULL
                    AND (t.max_batches IS NULL OR \(raw: RefillRule.batchCountSQL) < t.max_batches)
                    AND NOT EXISTS (SELECT 1 FROM jobs j WHERE j.topic_id = t.id AND j.kind = 'refill'
                        AND j.status IN ('queued', 'running', 'failed', 'dead'))
                ON CONFLICT DO NOTHING
                RETURNING id
                """,
                operation: "enqueue refill"
            ) { statement in
                return try await statement.step() ? statement.int64(at: 0) : nil
            }
        }
        guard let id else { return nil }
        return try await job(id: id)
    }
}

extension Store {
    package func enqueueRefill(topicID: Int64, maxAttempts: Int) async throws -> Job? {
        try await write("enqueue refill") { try await $0.enqueueRefill(topicID: topicID, maxAttempts: maxAttempts) }
    }
}
