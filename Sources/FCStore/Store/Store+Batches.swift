package import FCCore
import Foundation

extension Database {
    /// The highest batch number stored for the topic; 0 when it has none.
    package func lastBatchNumber(topicID: Int64) async throws -> Int {
        try await connection.withQuery(
            "SELECT COALESCE(MAX(number), 0) FROM batches WHERE topic_id = \(topicID)",
            operation: "read last batch number"
        ) { statement in
            return try await statement.step() ? statement.int(at: 0) : 0
        }
    }

    /// Stores a batch and its cards in one `BEGIN IMMEDIATE` transaction: all of it, or (on any error) none of it.
    ///
    /// Cards get the positions after the topic's last card, in draft order. A draft whose question's
    /// ``DedupKey`` the topic already has is skipped and counted in ``StoredBatch/skippedDuplicates`` and in the
    /// stored `dropped[.duplicateInTopic]` (or `.duplicateInBatch` when an earlier draft of the same batch has it).
    ///
    /// ```swift
    /// let stored = try await store.storeBatch(batch)
    /// print(stored.record.cardsKept, stored.skippedDuplicates)
    /// ```
    ///
    /// - Throws: ``StoreError/batchNumberTaken(topicID:number:)`` when the topic already has a batch with this
    ///   number (two runs raced); ``StoreError/topicNotFound(topicID:)``; ``StoreError/sqlite(path:operation:code:message:)``.
    package func storeBatch(_ batch: NewBatch) async throws -> StoredBatch {
        try await storeBatch(batch, operation: "store batch", before: {}, after: { _ in })
    }

    /// ``storeBatch(_:)`` into the topic named `name`, creating the topic in the same transaction when it is new
    /// (`batch.topicID` is not used): a run that fails before its first batch is stored leaves no empty topic.
    ///
    /// - Throws: ``StoreError/invalidTopicName`` for an empty name, or what ``storeBatch(_:)`` throws.
    package func storeBatch(_ batch: NewBatch, creatingTopicNamed name: String) async throws -> StoredBatch {
        let name = TopicNameRule.trimmed(name)
        if let problem = TopicNameRule.problem(with: name) { throw StoreError.invalidTopicName(problem: problem) }
        return try await storeBatch(batch, operation: "store batch", topicName: name, before: {}, after: { _ in })
    }

    /// ``storeBatch(_:)`` with extra work inside the same transaction: `before` runs first (it may refuse by
    /// throwing), `after` runs once the batch and its cards are written. Anything thrown rolls all of it back.
    /// The job repository completes a refill job this way, so a job and its batch commit together.
    ///
    /// With `topicName`, the topic is looked up (or created) inside the transaction and replaces `batch.topicID`.
    func storeBatch(
        _ batch: NewBatch,
        operation: String,
        topicName: String? = nil,
        before: () async throws -> Void,
        after: (StoredBatch) async throws -> Void
    ) async throws -> StoredBatch {
        // Normalising questions is the costly part of a card; do it before taking the write lock.
        let keys = batch.cards.map(\.dedupKey)
        let createdAt = now().unixMilliseconds
        let createdDate = Date(unixMilliseconds: createdAt)  // once, not per card: the same instant for all
        let fault = faultAfterCardInserts
        return try await connection.immediateTransaction(operation) {
            try await before()
            var batch = batch
            if let topicName {
                batch.topicID = try await insertTopicIfMissing(named: topicName, createdAt: createdAt).topic.id
            }
            let batchID = try await insertBatchRow(batch, createdAt: createdAt)
            try await insertBatchUsage(batch, batchID: batchID, createdAt: createdAt, newTopicName: topicName)
            if fault == 0 { throw StoreError.injectedFault(afterCardInserts: 0) }
            let firstPosition = try await lastPosition(topicID: batch.topicID) + 1

            var cards: [Card] = []
            cards.reserveCapacity(batch.cards.count)
            var dropped = batch.dropped
            var pictures: [CardPicture] = []
            for (index, draft) in batch.cards.enumerated() {
                let position = firstPosition + cards.count
                // RETURNING rather than asking for the last id: one round trip on PostgreSQL instead of two.
                // A row DO NOTHING skipped returns nothing.
                let id: Int64? = try await connection.withQuery(
                    """
                    INSERT INTO cards (topic_id, batch_id, created_at, updated_at,
                        kind, question, answer, explanation, origin, dedup_key, position, choices_json, image_query,
                        image_ref)
                    VALUES (\(batch.topicID), \(batchID), \(createdAt), \(createdAt), \(draft.kind.rawValue),
                        \(draft.question), \(draft.answer), \(draft.explanation), \(draft.origin.rawValue), \(keys[index]),
                        \(position), \(try CardChoicesColumn.encode(draft.choices)), \(draft.imageQuery),
                        \(batch.pictures[index]?.image.hash))
                    ON CONFLICT (topic_id, dedup_key) DO NOTHING
                    RETURNING id
                    """,
                    operation: "insert card"
                ) { statement in
                    try await statement.step() ? statement.int64(at: 0) : nil
                }
                guard let id else {
                    let reason: DropReason =
                        keys[..<index].contains(keys[index]) ? .duplicateInBatch : .duplicateInTopic
                    dropped[reason, default: 0] += 1
                    continue
                }
                cards.append(
                    Card(
                        id: id, topicID: batch.topicID, batchID: batchID,
                        kind: draft.kind, question: draft.question, answer: draft.answer,
                        explanation: draft.explanation, origin: draft.origin, dedupKey: keys[index],
                        position: position, createdAt: createdDate, choices: draft.choices,
                        imageQuery: draft.imageQuery))
                if let picture = batch.pictures[index] { pictures.append(picture) }
                if let embeddings = batch.embeddings, let vector = embeddings.cards[index] {
                    try await storeEmbedding(cardID: id, model: embeddings.model, vector: vector)
                }
                if cards.count == fault { throw StoreError.injectedFault(afterCardInserts: cards.count) }
            }

            if let embeddings = batch.embeddings {
                for (key, vector) in embeddings.stored.sorted(by: { $0.key < $1.key }) {
                    try await storeEmbedding(
                        topicID: batch.topicID, dedupKey: key, model: embeddings.model, vector: vector)
                }
            }
            // The pictures of the cards kept; a skipped duplicate's picture is not stored.
            for picture in pictures { try await insertPicture(picture, createdAt: createdAt) }
            // A cloze card's further deletion numbers become its siblings (after the batch, at the deck's end).
            if cards.contains(where: { $0.kind == .cloze }) { try await syncNewClozeNotes(topicID: batch.topicID) }
            let skipped = batch.cards.count - cards.count
            if skipped > 0 {
                // The row was written assuming no skips (the common case), saving an UPDATE per batch.
                try await updateBatchCounts(batchID: batchID, cardsKept: cards.count, dropped: dropped)
            }
            let record = BatchRecord(
                id: batchID, topicID: batch.topicID, plan: batch.plan, provider: batch.provider, model: batch.model,
                promptHash: batch.promptHash, outcome: batch.outcome, cardsKept: cards.count, dropped: dropped,
                usage: batch.totalUsage, latencyMilliseconds: batch.latencyMilliseconds, createdAt: createdDate)
            let stored = StoredBatch(record: record, cards: cards, skippedDuplicates: skipped)
            try await after(stored)
            return stored
        }
    }

    /// The topic's batches, by number.
    package func batches(topicID: Int64) async throws -> [BatchRecord] {
        try await connection.withQuery(
            """
            SELECT id, topic_id, number, aspect, depth, provider, model, prompt_hash, outcome, cards_kept,
                dropped_json, input_tokens, output_tokens, latency_ms, created_at, plan_step
            FROM batches WHERE topic_id = \(topicID) ORDER BY number
            """,
            operation: "list batches"
        ) { statement in
            var records: [BatchRecord] = []
            while try await statement.step() { records.append(try Self.batchRecord(from: statement)) }
            return records
        }
    }

    /// Inserts the batch row, assuming every draft is kept; returns its id.
    private func insertBatchRow(_ batch: NewBatch, createdAt: Int64) async throws -> Int64 {
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

    private func updateBatchCounts(batchID: Int64, cardsKept: Int, dropped: [DropReason: Int]) async throws {
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

    /// The topic's highest card position; 0 when it has no cards. Uses the (topic_id, position) index.
    private func lastPosition(topicID: Int64) async throws -> Int {
        try await connection.withQuery(
            "SELECT COALESCE(MAX(position), 0) FROM cards WHERE topic_id = \(topicID)", operation: "read last position"
        ) { statement in
            return try await statement.step() ? statement.int(at: 0) : 0
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

extension Store {
    package func lastBatchNumber(topicID: Int64) async throws -> Int {
        try await read { try await $0.lastBatchNumber(topicID: topicID) }
    }

    package func storeBatch(_ batch: NewBatch) async throws -> StoredBatch {
        try await write("store batch", patience: Self.paidWorkPatience) { try await $0.storeBatch(batch) }
    }

    package func storeBatch(_ batch: NewBatch, creatingTopicNamed name: String) async throws -> StoredBatch {
        try await write("store batch", patience: Self.paidWorkPatience) {
            try await $0.storeBatch(batch, creatingTopicNamed: name)
        }
    }

    package func batches(topicID: Int64) async throws -> [BatchRecord] {
        try await read { try await $0.batches(topicID: topicID) }
    }
}
