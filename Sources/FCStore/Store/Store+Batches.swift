package import FCCore
import Foundation

extension Database {
    package func lastBatchNumber(topicID: Int64) async throws -> Int {
        try await connection.withQuery(
            "SELECT COALESCE(MAX(number), 0) FROM batches WHERE topic_id = \(topicID)",
            operation: "read last batch number"
        ) { statement in
            return try await statement.step() ? statement.int(at: 0) : 0
        }
    }

    package func insertBatchCard(
        _ draft: CardDraft, key: String, topicID: Int64, batchID: Int64, position: Int, imageHash: String?,
        at time: Int64
    ) async throws -> Int64? {
        // RETURNING rather than asking for the last id: one round trip on PostgreSQL instead of two. A row DO NOTHING
        // skipped returns nothing.
        try await connection.rows(
            """
            INSERT INTO cards (topic_id, batch_id, created_at, updated_at, kind, question, answer, explanation, origin,
                dedup_key, position, choices_json, image_query, image_ref)
            VALUES (\(topicID), \(batchID), \(time), \(time), \(draft.kind.rawValue), \(draft.question), \(draft.answer),
                \(draft.explanation), \(draft.origin.rawValue), \(key), \(position),
                \(try CardChoicesColumn.encode(draft.choices)), \(draft.imageQuery), \(imageHash))
            ON CONFLICT (topic_id, dedup_key) DO NOTHING
            RETURNING id
            """,
            operation: "insert card"
        ) { $0.int64(at: 0) }.first
    }

    package func batches(topicID: Int64) async throws -> [BatchRecord] {
        try await connection.rows(
            """
            SELECT id, topic_id, number, aspect, depth, provider, model, prompt_hash, outcome, cards_kept,
                dropped_json, input_tokens, output_tokens, latency_ms, created_at, plan_step
            FROM batches WHERE topic_id = \(topicID) ORDER BY number
            """,
            operation: "list batches"
        ) { try Self.batchRecord(from: $0) }
    }

    package func insertBatch(_ batch: NewBatch, at createdAt: Int64) async throws -> Int64 {
        do {
            return try await connection.withQuery(
                """
                INSERT INTO batches (topic_id, number, aspect, depth, provider, model, prompt_hash, outcome,
                    cards_kept, dropped_json, input_tokens, output_tokens, latency_ms, created_at, plan_step, cost_usd)
                VALUES (\(batch.topicID), \(batch.plan.number), \(batch.plan.aspect), \(batch.plan.depth.rawValue),
                    \(batch.provider), \(batch.model), \(batch.promptHash), \(batch.outcome.rawValue),
                    \(batch.cards.count), \(DroppedCounts.encode(batch.dropped)), \(batch.totalUsage.input),
                    \(batch.totalUsage.output), \(batch.latencyMilliseconds), \(createdAt), \(batch.plan.step),
                    \(batch.totalCostUSD))
                RETURNING id
                """,
                operation: "insert batch"
            ) { statement in
                guard try await statement.step() else {
                    throw StoreError.corruptRow(table: "batches", column: "id", rowID: 0)
                }
                return statement.int64(at: 0)
            }
        } catch let error as StoreError where error.constraintViolation == .unique {
            throw StoreError.batchNumberTaken(topicID: batch.topicID, number: batch.plan.number)
        } catch let error as StoreError where error.constraintViolation == .foreignKey {
            throw StoreError.topicNotFound(topicID: batch.topicID)
        }
    }

    package func updateBatchCounts(batchID: Int64, cardsKept: Int, dropped: [DropReason: Int]) async throws {
        try await connection.withQuery(
            """
            UPDATE batches SET cards_kept = \(cardsKept), dropped_json = \(DroppedCounts.encode(dropped)) WHERE id =
                \(batchID)
            """,
            operation: "update batch counts"
        ) { statement in
            try await statement.run()
        }
    }

    /// Reads a batch record from a row with the columns of ``batches(topicID:)``, in that order.
    private static func batchRecord(from statement: any SQLStatement) throws -> BatchRecord {
        let id = statement.int64(at: 0)
        guard let depth = DepthLevel(rawValue: statement.string(at: 4)) else {
            throw StoreError.corruptRow(table: "batches", column: "depth", rowID: id)
        }
        guard let outcome = BatchOutcome(rawValue: statement.string(at: 8)) else {
            throw StoreError.corruptRow(table: "batches", column: "outcome", rowID: id)
        }
        guard let dropped = DroppedCounts.decode(statement.string(at: 10)) else {
            throw StoreError.corruptRow(table: "batches", column: "dropped_json", rowID: id)
        }
        return BatchRecord(
            id: id,
            topicID: statement.int64(at: 1),
            plan: BatchPlan(
                number: statement.int(at: 2), aspect: statement.string(at: 3), depth: depth,
                step: statement.optionalInt(at: 15)),
            provider: statement.string(at: 5),
            model: statement.string(at: 6),
            promptHash: statement.string(at: 7),
            outcome: outcome,
            cardsKept: statement.int(at: 9),
            dropped: dropped,
            usage: TokenUsage(input: statement.optionalInt(at: 11), output: statement.optionalInt(at: 12)),
            latencyMilliseconds: statement.int(at: 13),
            createdAt: Date(unixMilliseconds: statement.int64(at: 14)))
    }
}
