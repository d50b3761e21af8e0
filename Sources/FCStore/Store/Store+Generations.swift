import FCCore
import Foundation

/// The service's generations as rows (`generations`, `generation_events`, version 28), so any instance on the
/// database accepts, runs, reads, streams and cancels them (``GenerationRepository``).
extension Database {
    package func queuedGenerationCount() async throws -> Int {
        try await connection.rows(
            "SELECT COUNT(*) FROM generations WHERE status = 'queued'", operation: "count queued generations"
        ) { $0.int(at: 0) }.first ?? 0
    }

    package func insertGeneration(_ new: NewGeneration, at time: Int64) async throws {
        try await connection.runQuery(
            """
            INSERT INTO generations (public_id, topic_id, topic_name, requested_by, options_json, batches_requested,
                created_at)
            VALUES (\(new.id), \(new.topicID), \(new.topicName), \(new.requestedBy), \(new.optionsJSON),
                \(new.batchesRequested), \(time))
            """,
            operation: "insert generation")
        try await notifyGenerationChanged(id: new.id)
    }

    package func generation(id: String) async throws -> StoredGeneration? {
        try await connection.rows(
            "\(raw: Self.generationColumns) WHERE g.public_id = \(id)", operation: "read generation"
        ) { try Self.generation(from: $0) }.first
    }

    package func generations(limit: Int) async throws -> [StoredGeneration] {
        try await connection.rows(
            "\(raw: Self.generationColumns) ORDER BY g.id DESC LIMIT \(max(0, limit))", operation: "list generations"
        ) { try Self.generation(from: $0) }
    }

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

    package func hasClaimableGeneration(at time: Int64) async throws -> Bool {
        try await !connection.rows(
            """
            SELECT 1 FROM generations
            WHERE status = 'queued' OR (status = 'running' AND lease_expires_at <= \(time)) LIMIT 1
            """,
            operation: "find claimable generations"
        ) { _ in () }.isEmpty
    }

    package func lockGenerationClaims() async throws {
        try await holdUntilTransactionEnds(.generationClaims)
    }

    package func claimGeneration(owner: String, leaseEnd: Int64, at time: Int64) async throws -> String? {
        let lock = connection.dialect == .postgres ? " FOR UPDATE SKIP LOCKED" : ""
        return try await connection.rows(
            """
            UPDATE generations SET status = 'running', lease_owner = \(owner), lease_expires_at = \(leaseEnd),
                started_at = COALESCE(started_at, \(time))
            WHERE id = (
                SELECT g.id FROM generations g
                WHERE (g.status = 'queued' OR (g.status = 'running' AND g.lease_expires_at <= \(time)))
                    AND NOT EXISTS (SELECT 1 FROM generations o WHERE o.topic_id = g.topic_id AND o.id <> g.id
                        AND o.status = 'running' AND o.lease_expires_at > \(time))
                ORDER BY g.id LIMIT 1\(raw: lock))
            RETURNING public_id
            """,
            operation: "claim generation"
        ) { $0.string(at: 0) }.first
    }

    package func lockedGeneration(id: String) async throws -> (rowID: Int64, generation: StoredGeneration)? {
        let lock = connection.dialect == .postgres ? " FOR UPDATE" : ""
        return try await connection.rows(
            "\(raw: Self.generationColumns) WHERE g.public_id = \(id)\(raw: lock)", operation: "lock generation"
        ) { statement in (rowID: statement.int64(at: 18), generation: try Self.generation(from: statement)) }.first
    }

    package func setGenerationLease(rowID: Int64, to leaseEnd: Int64) async throws {
        try await connection.runQuery(
            "UPDATE generations SET lease_expires_at = \(leaseEnd) WHERE id = \(rowID)",
            operation: "renew generation lease")
    }

    package func updateGenerationProgress(rowID: Int64, _ generation: StoredGeneration) async throws {
        try await connection.runQuery(
            """
            UPDATE generations SET batches_done = \(generation.batchesDone), cards_stored = \(generation.cardsStored),
                batches_json = \(generation.batchesJSON), last_event = \(generation.lastEvent),
                lease_expires_at = \(generation.leaseExpiresAt?.unixMilliseconds)
            WHERE id = \(rowID)
            """,
            operation: "record generation batch")
    }

    package func updateGenerationEnd(rowID: Int64, _ generation: StoredGeneration) async throws {
        try await connection.runQuery(
            """
            UPDATE generations SET status = \(generation.status.rawValue), error_json = \(generation.errorJSON),
                finished_at = \(generation.finishedAt?.unixMilliseconds), lease_owner = NULL, lease_expires_at = NULL,
                last_event = \(generation.lastEvent)
            WHERE id = \(rowID)
            """,
            operation: "finish generation")
    }

    package func flagGenerationCancelled(rowID: Int64, id: String) async throws {
        try await connection.runQuery(
            "UPDATE generations SET cancel_requested = 1 WHERE id = \(rowID)", operation: "cancel generation")
        try await notifyGenerationChanged(id: id)
    }

    package func insertGenerationEvent(
        id: String, rowID: Int64, sequence: Int, name: String, data: String, at time: Int64
    ) async throws {
        try await connection.runQuery(
            """
            INSERT INTO generation_events (generation_id, sequence, name, data, created_at)
            VALUES (\(rowID), \(sequence), \(name), \(data), \(time))
            """,
            operation: "append generation event")
        try await notifyGenerationChanged(id: id)
    }

    package func deleteGenerations(finishedBefore cutoff: Int64) async throws -> Int {
        try await connection.runQuery(
            "DELETE FROM generations WHERE finished_at IS NOT NULL AND finished_at < \(cutoff)",
            operation: "prune generations")
        return await connection.changes
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
