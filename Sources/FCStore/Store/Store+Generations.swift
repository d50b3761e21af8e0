package import FCCore
package import Foundation

/// The service's generations as rows (`generations`, `generation_events`, version 28), so any instance on the
/// database accepts, runs, reads, streams and cancels them.
///
/// A runner claims a queued generation under a lease, as refill workers claim jobs (``claimNextGeneration(owner:lease:)``),
/// renews it between batches, and writes each stored batch's counts and event in the batch's own transaction
/// (``recordGenerationBatch(id:owner:lease:batchJSON:cards:event:)``): a batch is never stored without its event, and
/// a generation taken over after its runner died resumes after the last batch stored.
extension Database {
    /// Generations waiting to run, on every instance.
    package func queuedGenerationCount() async throws -> Int {
        try await connection.withQuery(
            "SELECT COUNT(*) FROM generations WHERE status = 'queued'", operation: "count queued generations"
        ) { statement in
            return try await statement.step() ? statement.int(at: 0) : 0
        }
    }

    /// Inserts a queued generation.
    ///
    /// - Throws: a store error (a topic that is gone fails its foreign key).
    package func insertGeneration(_ new: NewGeneration) async throws -> StoredGeneration {
        let at = now().unixMilliseconds
        try await connection.runQuery(
            """
            INSERT INTO generations (public_id, topic_id, topic_name, requested_by, options_json, batches_requested,
                created_at)
            VALUES (\(new.id), \(new.topicID), \(new.topicName), \(new.requestedBy), \(new.optionsJSON),
                \(new.batchesRequested), \(at))
            """,
            operation: "insert generation")
        try await notifyGenerationChanged(id: new.id)
        guard let stored = try await generation(id: new.id) else {
            throw StoreError.corruptRow(table: "generations", column: "public_id", rowID: 0)
        }
        return stored
    }

    /// The generation with this public id, or `nil`.
    package func generation(id: String) async throws -> StoredGeneration? {
        try await connection.withQuery(
            "\(raw: Self.generationColumns) WHERE g.public_id = \(id)", operation: "read generation"
        ) { statement in
            return try await statement.step() ? try Self.generation(from: statement) : nil
        }
    }

    /// The newest `limit` generations, newest first.
    package func generations(limit: Int) async throws -> [StoredGeneration] {
        try await connection.rows(
            "\(raw: Self.generationColumns) ORDER BY g.id DESC LIMIT \(max(0, limit))", operation: "list generations"
        ) { statement in
            try Self.generation(from: statement)
        }
    }

    /// The generation's events after `sequence`, in order.
    package func generationEvents(id: String, after sequence: Int) async throws -> [StoredGenerationEvent] {
        try await connection.rows(
            """
            SELECT e.sequence, e.name, e.data FROM generation_events e JOIN generations g ON g.id = e.generation_id
            WHERE g.public_id = \(id) AND e.sequence > \(sequence) ORDER BY e.sequence
            """,
            operation: "read generation events"
        ) { statement in
            StoredGenerationEvent(
                sequence: statement.int(at: 0), name: statement.string(at: 1), data: statement.string(at: 2))
        }
    }

    /// Whether a generation is queued, or runs under an expired lease (not whether its topic is free).
    package func hasClaimableGeneration() async throws -> Bool {
        let now = now().unixMilliseconds
        return try await connection.withQuery(
            """
            SELECT 1 FROM generations
            WHERE status = 'queued' OR (status = 'running' AND lease_expires_at <= \(now)) LIMIT 1
            """,
            operation: "find claimable generations"
        ) { statement in
            return try await statement.step()
        }
    }

    /// Claims the oldest generation that may run now for `owner`, under a lease until now + `lease`: a queued one,
    /// or a running one whose lease has expired (its runner died: it resumes after its last stored batch). One
    /// generation of a topic runs at a time (two would race for its batch numbers), so a topic with a generation
    /// under a live lease is passed over.
    ///
    /// On PostgreSQL the candidate row is locked `FOR UPDATE SKIP LOCKED`, as a job claim's is, and claims take a
    /// transaction-scoped advisory lock first, so two instances never both see a topic free and start two of its
    /// generations; on SQLite `BEGIN IMMEDIATE` already lets one claimer in at a time.
    ///
    /// - Returns: the claimed generation, or `nil` when none may run now.
    package func claimNextGeneration(owner: String, lease: Duration) async throws -> StoredGeneration? {
        let now = now().unixMilliseconds
        let leaseEnd = now + lease.storeMilliseconds
        let id: String? = try await connection.immediateTransaction("claim generation") {
            try await holdUntilTransactionEnds(.generationClaims)
            let lock = connection.dialect == .postgres ? " FOR UPDATE SKIP LOCKED" : ""
            return try await connection.withQuery(
                """
                UPDATE generations SET status = 'running', lease_owner = \(owner), lease_expires_at = \(leaseEnd),
                    started_at = COALESCE(started_at, \(now))
                WHERE id = (
                    SELECT g.id FROM generations g
                    WHERE (g.status = 'queued' OR (g.status = 'running' AND g.lease_expires_at <= \(now)))
                        AND NOT EXISTS (SELECT 1 FROM generations o WHERE o.topic_id = g.topic_id AND o.id <> g.id
                            AND o.status = 'running' AND o.lease_expires_at > \(now))
                    ORDER BY g.id LIMIT 1\(raw: lock))
                RETURNING public_id
                """,
                operation: "claim generation"
            ) { statement in
                return try await statement.step() ? statement.string(at: 0) : nil
            }
        }
        guard let id else { return nil }
        return try await generation(id: id)
    }

    /// Extends `owner`'s lease on a running generation to now + `lease`; returns the generation (whose
    /// ``StoredGeneration/cancelRequested`` the runner reads between batches).
    ///
    /// - Throws: ``GenerationLeaseLost`` when `owner` no longer holds it.
    package func renewGenerationLease(id: String, owner: String, lease: Duration) async throws -> StoredGeneration {
        let leaseEnd = now().unixMilliseconds + lease.storeMilliseconds
        return try await connection.immediateTransaction("renew generation lease") {
            _ = try await leasedGeneration(id: id, owner: owner)
            try await connection.runQuery(
                "UPDATE generations SET lease_expires_at = \(leaseEnd) WHERE public_id = \(id)",
                operation: "renew generation lease")
            guard let renewed = try await generation(id: id) else { throw GenerationLeaseLost(generationID: id) }
            return renewed
        }
    }

    /// Records a stored batch of a running generation, inside the batch's transaction: one more batch done,
    /// `cards` more cards, `batchJSON` appended to its summaries, the lease renewed, and a `batch` event whose data
    /// `event` makes from the updated generation.
    ///
    /// - Throws: ``GenerationLeaseLost`` when `owner` no longer holds it (the caller's transaction, the batch with
    ///   it, rolls back).
    package func recordGenerationBatch(
        id: String, owner: String, lease: Duration, batchJSON: String, cards: Int,
        event: (StoredGeneration) throws -> String
    ) async throws -> StoredGeneration {
        let now = now().unixMilliseconds
        return try await connection.immediateTransaction("record generation batch") {
            let (rowID, current) = try await leasedGeneration(id: id, owner: owner)
            var updated = current
            updated.batchesDone += 1
            updated.cardsStored += cards
            updated.batchesJSON = Self.appending(batchJSON, to: current.batchesJSON)
            updated.lastEvent += 1
            updated.leaseExpiresAt = Date(unixMilliseconds: now + lease.storeMilliseconds)
            try await connection.runQuery(
                """
                UPDATE generations SET batches_done = \(updated.batchesDone), cards_stored = \(updated.cardsStored),
                    batches_json = \(updated.batchesJSON), last_event = \(updated.lastEvent),
                    lease_expires_at = \(now + lease.storeMilliseconds)
                WHERE id = \(rowID)
                """,
                operation: "record generation batch")
            try await insertGenerationEvent(
                id: id, rowID: rowID, sequence: updated.lastEvent, name: "batch", data: try event(updated), at: now)
            return updated
        }
    }

    /// Ends a generation, `succeeded` without `errorJSON`, else `failed`, and appends its final event (`done` or
    /// `failed`), whose data `event` makes from the ended generation. With `owner`, only while `owner` holds its
    /// lease; without, a queued one (a cancel).
    ///
    /// - Throws: ``GenerationLeaseLost`` when `owner` no longer holds it, or (without `owner`) it is not queued.
    package func finishGeneration(
        id: String, owner: String?, errorJSON: String?, event: (StoredGeneration) throws -> String
    ) async throws -> StoredGeneration {
        let now = now().unixMilliseconds
        return try await connection.immediateTransaction("finish generation") {
            let found: (Int64, StoredGeneration)
            if let owner {
                found = try await leasedGeneration(id: id, owner: owner)
            } else {
                found = try await lockedGeneration(id: id)
            }
            let (rowID, current) = found
            guard owner != nil || current.status == .queued else { throw GenerationLeaseLost(generationID: id) }
            var ended = current
            ended.status = errorJSON == nil ? .succeeded : .failed
            ended.errorJSON = errorJSON
            ended.finishedAt = Date(unixMilliseconds: now)
            ended.leaseOwner = nil
            ended.leaseExpiresAt = nil
            ended.lastEvent += 1
            try await connection.runQuery(
                """
                UPDATE generations SET status = \(ended.status.rawValue), error_json = \(errorJSON),
                    finished_at = \(now), lease_owner = NULL, lease_expires_at = NULL, last_event = \(ended.lastEvent)
                WHERE id = \(rowID)
                """,
                operation: "finish generation")
            try await insertGenerationEvent(
                id: id, rowID: rowID, sequence: ended.lastEvent, name: errorJSON == nil ? "done" : "failed",
                data: try event(ended), at: now)
            return ended
        }
    }

    /// Cancels a generation: a queued one fails at once with `errorJSON` (its `failed` event made by `event`), a
    /// running one gets its flag set (its runner reads it between batches), a finished one stays as it is.
    ///
    /// - Returns: what it found and did; `nil` for an unknown generation.
    package func cancelGeneration(
        id: String, errorJSON: String, event: (StoredGeneration) throws -> String
    ) async throws -> StoredGenerationCancellation? {
        try await connection.immediateTransaction("cancel generation") {
            guard let found = try await lockedGenerationIfAny(id: id) else { return nil }
            let (rowID, current) = found
            switch current.status {
            case .queued:
                let ended = try await finishGeneration(id: id, owner: nil, errorJSON: errorJSON, event: event)
                return .cancelledQueued(ended)
            case .running:
                let first = !current.cancelRequested
                if first {
                    try await connection.runQuery(
                        "UPDATE generations SET cancel_requested = 1 WHERE id = \(rowID)",
                        operation: "cancel generation")
                    try await notifyGenerationChanged(id: id)
                }
                var flagged = current
                flagged.cancelRequested = true
                return .stopping(flagged, first: first)
            case .succeeded, .failed:
                return .finished(current)
            }
        }
    }

    /// Deletes the generations that finished before `cutoff`, their events with them.
    ///
    /// - Returns: how many were deleted.
    @discardableResult
    package func pruneGenerations(finishedBefore cutoff: Date) async throws -> Int {
        try await connection.immediateTransaction("prune generations") {
            try await connection.runQuery(
                "DELETE FROM generations WHERE finished_at IS NOT NULL AND finished_at < \(cutoff.unixMilliseconds)",
                operation: "prune generations")
            return await connection.changes
        }
    }

    // MARK: Helpers

    /// The row, locked on PostgreSQL until the transaction ends, with its internal id.
    ///
    /// - Throws: ``GenerationLeaseLost`` for an unknown generation.
    private func lockedGeneration(id: String) async throws -> (Int64, StoredGeneration) {
        guard let found = try await lockedGenerationIfAny(id: id) else { throw GenerationLeaseLost(generationID: id) }
        return found
    }

    private func lockedGenerationIfAny(id: String) async throws -> (Int64, StoredGeneration)? {
        let lock = connection.dialect == .postgres ? " FOR UPDATE" : ""
        return try await connection.withQuery(
            "\(raw: Self.generationColumns) WHERE g.public_id = \(id)\(raw: lock)", operation: "lock generation"
        ) { statement in
            guard try await statement.step() else { return nil }
            return (statement.int64(at: 18), try Self.generation(from: statement))
        }
    }

    /// The row, locked, while it runs under `owner`'s lease.
    ///
    /// - Throws: ``GenerationLeaseLost`` when it does not.
    private func leasedGeneration(id: String, owner: String) async throws -> (Int64, StoredGeneration) {
        let (rowID, current) = try await lockedGeneration(id: id)
        guard current.status == .running, current.leaseOwner == owner else {
            throw GenerationLeaseLost(generationID: id)
        }
        return (rowID, current)
    }

    /// Appends an event and notifies the listening instances of its generation (`id`, whose row is `rowID`).
    private func insertGenerationEvent(id: String, rowID: Int64, sequence: Int, name: String, data: String, at: Int64)
        async throws
    {
        try await connection.runQuery(
            """
            INSERT INTO generation_events (generation_id, sequence, name, data, created_at)
            VALUES (\(rowID), \(sequence), \(name), \(data), \(at))
            """,
            operation: "append generation event")
        try await notifyGenerationChanged(id: id)
    }

    /// `array` (a JSON array's text) with `element` (a JSON value's text) appended.
    static func appending(_ element: String, to array: String) -> String {
        let trimmed = array.trimmingCharacters(in: .whitespacesAndNewlines)
        guard trimmed.hasSuffix("]") else { return "[\(element)]" }
        let head = trimmed.dropLast().trimmingCharacters(in: .whitespacesAndNewlines)
        return head == "[" ? "[\(element)]" : "\(head),\(element)]"
    }

    /// Every column ``generation(from:)`` reads, and the internal id last (column 18).
    static let generationColumns = """
        SELECT g.public_id, g.topic_id, g.topic_name, g.requested_by, g.options_json, g.status, g.batches_requested,
            g.batches_done, g.cards_stored, g.batches_json, g.error_json, g.cancel_requested, g.last_event,
            g.created_at, g.started_at, g.finished_at, g.lease_owner, g.lease_expires_at, g.id
        FROM generations g
        """

    static func generation(from statement: any SQLStatement) throws -> StoredGeneration {
        guard let status = StoredGenerationStatus(rawValue: statement.string(at: 5)) else {
            throw StoreError.corruptRow(table: "generations", column: "status", rowID: statement.int64(at: 18))
        }
        return StoredGeneration(
            id: statement.string(at: 0),
            topicID: statement.int64(at: 1),
            topicName: statement.string(at: 2),
            requestedBy: statement.optionalInt64(at: 3),
            optionsJSON: statement.string(at: 4),
            status: status,
            batchesRequested: statement.int(at: 6),
            batchesDone: statement.int(at: 7),
            cardsStored: statement.int(at: 8),
            batchesJSON: statement.string(at: 9),
            errorJSON: statement.optionalString(at: 10),
            cancelRequested: statement.int(at: 11) != 0,
            lastEvent: statement.int(at: 12),
            createdAt: Date(unixMilliseconds: statement.int64(at: 13)),
            startedAt: statement.optionalInt64(at: 14).map(Date.init(unixMilliseconds:)),
            finishedAt: statement.optionalInt64(at: 15).map(Date.init(unixMilliseconds:)),
            leaseOwner: statement.optionalString(at: 16),
            leaseExpiresAt: statement.optionalInt64(at: 17).map(Date.init(unixMilliseconds:)))
    }
}

extension Store {
    package func generation(id: String) async throws -> StoredGeneration? {
        try await read { try await $0.generation(id: id) }
    }

    package func generations(limit: Int) async throws -> [StoredGeneration] {
        try await read { try await $0.generations(limit: limit) }
    }

    /// The generation and its events after `sequence`, from one snapshot; `nil` for an unknown generation.
    package func generationWithEvents(id: String, after sequence: Int) async throws -> (
        StoredGeneration, [StoredGenerationEvent]
    )? {
        try await read { db in
            guard let generation = try await db.generation(id: id) else { return nil }
            return (generation, try await db.generationEvents(id: id, after: sequence))
        }
    }

    /// ``Database/claimNextGeneration(owner:lease:)``, after a read that finds whether any generation could be
    /// claimed: an idle runner's periodic look costs a read, not a write transaction.
    package func claimNextGeneration(owner: String, lease: Duration) async throws -> StoredGeneration? {
        guard try await read({ try await $0.hasClaimableGeneration() }) else { return nil }
        return try await write("claim generation") { try await $0.claimNextGeneration(owner: owner, lease: lease) }
    }

    package func renewGenerationLease(id: String, owner: String, lease: Duration) async throws -> StoredGeneration {
        try await write("renew generation lease") {
            try await $0.renewGenerationLease(id: id, owner: owner, lease: lease)
        }
    }

    package func finishGeneration(
        id: String, owner: String?, errorJSON: String?, event: @Sendable (StoredGeneration) throws -> String
    ) async throws -> StoredGeneration {
        try await write("finish generation", patience: Self.paidWorkPatience) {
            try await $0.finishGeneration(id: id, owner: owner, errorJSON: errorJSON, event: event)
        }
    }

    package func cancelGeneration(
        id: String, errorJSON: String, event: @Sendable (StoredGeneration) throws -> String
    ) async throws -> StoredGenerationCancellation? {
        try await write("cancel generation") {
            try await $0.cancelGeneration(id: id, errorJSON: errorJSON, event: event)
        }
    }

    @discardableResult
    package func pruneGenerations(finishedBefore cutoff: Date) async throws -> Int {
        try await write("prune generations") { try await $0.pruneGenerations(finishedBefore: cutoff) }
    }
}
