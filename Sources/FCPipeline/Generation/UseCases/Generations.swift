import FCCore
package import FCStore
package import Foundation

/// The service's generations as plain steps over the store's ``FCStore/GenerationRepository``: queued, claimed by a
/// runner under a lease (as refill workers claim jobs), renewed between batches, each stored batch's counts and event
/// written in the batch's own transaction (a batch is never stored without its event, and a generation taken over
/// after its runner died resumes after the last batch stored), ended, cancelled and pruned.
package enum Generations {
    /// What asking to queue a generation came to.
    package enum Queueing: Sendable {
        case queued(StoredGeneration)
        /// The queue over every instance holds `queued` generations, at least the limit: nothing was written.
        case full(queued: Int)
    }

    /// Queues `new` unless the queue over every instance already holds `limit` generations: `admit` (the day's
    /// budgets, read in the same snapshot), the count and the insert in one write.
    ///
    /// - Throws: whatever `admit` throws (nothing is written then).
    package static func queue(
        on store: Store, _ new: NewGeneration, limit: Int,
        admit: @Sendable (borrowing Database) async throws -> Void
    ) async throws -> Queueing {
        let time = store.now().unixMilliseconds
        return try await store.write("queue generation") { db in
            try await admit(db)
            let queued = try await db.queuedGenerationCount()
            if queued >= limit { return .full(queued: queued) }
            return .queued(try await insert(new, in: db, at: time))
        }
    }

    /// Queues `new` in the caller's transaction; the stored row.
    package static func insert(
        _ new: NewGeneration, in db: borrowing some GenerationRepository & ~Copyable, at time: Int64
    ) async throws -> StoredGeneration {
        try await db.insertGeneration(new, at: time)
        guard let stored = try await db.generation(id: new.id) else {
            throw StoreError.corruptRow(table: "generations", column: "public_id", rowID: 0)
        }
        return stored
    }

    /// The generation with this public id, or `nil`.
    package static func generation(on store: Store, id: String) async throws -> StoredGeneration? {
        try await store.read { try await $0.generation(id: id) }
    }

    /// The newest `limit` generations, newest first.
    package static func list(on store: Store, limit: Int) async throws -> [StoredGeneration] {
        try await store.read { try await $0.generations(limit: limit) }
    }

    /// The generation and its events after `sequence`, from one snapshot; `nil` for an unknown generation.
    package static func withEvents(on store: Store, id: String, after sequence: Int) async throws -> (
        StoredGeneration, [StoredGenerationEvent]
    )? {
        try await store.read { db in
            guard let generation = try await db.generation(id: id) else { return nil }
            return (generation, try await db.generationEvents(id: id, after: sequence))
        }
    }

    /// Claims the oldest generation that may run now for `owner`, under a lease until now + `lease`: a queued one, or
    /// a running one whose lease has expired (its runner died: it resumes after its last stored batch). One
    /// generation of a topic runs at a time (two would race for its batch numbers). A read first finds whether any
    /// could be claimed, so an idle runner's periodic look costs a read, not a write transaction.
    ///
    /// - Returns: the claimed generation, or `nil` when none may run now.
    package static func claimNext(on store: Store, owner: String, lease: Duration) async throws -> StoredGeneration? {
        let time = store.now().unixMilliseconds
        guard try await store.read({ try await $0.hasClaimableGeneration(at: time) }) else { return nil }
        return try await store.write("claim generation") { db in
            try await db.lockGenerationClaims()
            guard
                let id = try await db.claimGeneration(owner: owner, leaseEnd: time + lease.storeMilliseconds, at: time)
            else { return nil }
            return try await db.generation(id: id)
        }
    }

    /// Extends `owner`'s lease on a running generation to now + `lease`; the generation (whose
    /// ``FCStore/StoredGeneration/cancelRequested`` the runner reads between batches).
    ///
    /// - Throws: ``FCStore/GenerationLeaseLost`` when `owner` no longer holds it.
    package static func renewLease(on store: Store, id: String, owner: String, lease: Duration) async throws
        -> StoredGeneration
    {
        let leaseEnd = store.now().unixMilliseconds + lease.storeMilliseconds
        return try await store.write("renew generation lease") { db in
            let (rowID, found) = try await leased(id, owner: owner, in: db)
            try await db.setGenerationLease(rowID: rowID, to: leaseEnd)
            var generation = found
            generation.leaseExpiresAt = Date(unixMilliseconds: leaseEnd)
            return generation
        }
    }

    /// Records a stored batch of a running generation in the batch's transaction: one more batch done, `cards` more
    /// cards, `batchJSON` appended to its summaries, the lease renewed, and a `batch` event whose data `event` makes
    /// from the updated generation.
    ///
    /// - Throws: ``FCStore/GenerationLeaseLost`` when `owner` no longer holds it (the caller's transaction, the batch
    ///   with it, rolls back).
    @discardableResult
    package static func recordBatch(
        id: String, owner: String, lease: Duration, batchJSON: String, cards: Int,
        event: (StoredGeneration) throws -> String, in db: borrowing some GenerationRepository & ~Copyable,
        at time: Int64
    ) async throws -> StoredGeneration {
        let (rowID, current) = try await leased(id, owner: owner, in: db)
        var updated = current
        updated.batchesDone += 1
        updated.cardsStored += cards
        updated.batchesJSON = appending(batchJSON, to: current.batchesJSON)
        updated.lastEvent += 1
        updated.leaseExpiresAt = Date(unixMilliseconds: time + lease.storeMilliseconds)
        try await db.updateGenerationProgress(rowID: rowID, updated)
        try await db.insertGenerationEvent(
            id: id, rowID: rowID, sequence: updated.lastEvent, name: "batch", data: try event(updated), at: time)
        return updated
    }

    /// Ends a generation `owner` runs, `succeeded` without `errorJSON`, else `failed`, and appends its final event
    /// (`done` or `failed`), whose data `event` makes from the ended generation.
    ///
    /// - Throws: ``FCStore/GenerationLeaseLost`` when `owner` no longer holds it.
    @discardableResult
    package static func finish(
        on store: Store, id: String, owner: String, errorJSON: String?,
        event: @escaping @Sendable (StoredGeneration) throws -> String
    ) async throws -> StoredGeneration {
        let time = store.now().unixMilliseconds
        return try await store.write("finish generation", patience: Store.paidWorkPatience) { db in
            let (rowID, current) = try await leased(id, owner: owner, in: db)
            return try await end(current, rowID: rowID, errorJSON: errorJSON, event: event, in: db, at: time)
        }
    }

    /// Cancels a generation: a queued one fails at once with `errorJSON` (its `failed` event made by `event`), a
    /// running one gets its flag set (its runner reads it between batches), a finished one stays as it is.
    ///
    /// - Returns: what it found and did; `nil` for an unknown generation.
    package static func cancel(
        on store: Store, id: String, errorJSON: String, event: @escaping @Sendable (StoredGeneration) throws -> String
    ) async throws -> StoredGenerationCancellation? {
        let time = store.now().unixMilliseconds
        return try await store.write("cancel generation") { db in
            guard let found = try await db.lockedGeneration(id: id) else { return nil }
            let (rowID, current) = (found.rowID, found.generation)
            switch current.status {
            case .queued:
                let ended = try await end(current, rowID: rowID, errorJSON: errorJSON, event: event, in: db, at: time)
                return .cancelledQueued(ended)
            case .running:
                let first = !current.cancelRequested
                if first { try await db.flagGenerationCancelled(rowID: rowID, id: id) }
                var flagged = current
                flagged.cancelRequested = true
                return .stopping(flagged, first: first)
            case .succeeded, .failed:
                return .finished(current)
            }
        }
    }

    /// Deletes the generations that finished before `cutoff`, their events with them; how many.
    @discardableResult
    package static func prune(on store: Store, finishedBefore cutoff: Date) async throws -> Int {
        try await store.write("prune generations") {
            try await $0.deleteGenerations(finishedBefore: cutoff.unixMilliseconds)
        }
    }

    /// Ends `current` (row `rowID`) and appends its final event.
    private static func end(
        _ current: StoredGeneration, rowID: Int64, errorJSON: String?, event: (StoredGeneration) throws -> String,
        in db: borrowing some GenerationRepository & ~Copyable, at time: Int64
    ) async throws -> StoredGeneration {
        var ended = current
        ended.status = errorJSON == nil ? .succeeded : .failed
        ended.errorJSON = errorJSON
        ended.finishedAt = Date(unixMilliseconds: time)
        ended.leaseOwner = nil
        ended.leaseExpiresAt = nil
        ended.lastEvent += 1
        try await db.updateGenerationEnd(rowID: rowID, ended)
        try await db.insertGenerationEvent(
            id: current.id, rowID: rowID, sequence: ended.lastEvent, name: errorJSON == nil ? "done" : "failed",
            data: try event(ended), at: time)
        return ended
    }

    /// The generation, locked, while it runs under `owner`'s lease.
    ///
    /// - Throws: ``FCStore/GenerationLeaseLost`` when it does not (or is gone).
    private static func leased(
        _ id: String, owner: String, in db: borrowing some GenerationRepository & ~Copyable
    ) async throws -> (Int64, StoredGeneration) {
        guard let found = try await db.lockedGeneration(id: id), found.generation.status == .running,
            found.generation.leaseOwner == owner
        else { throw GenerationLeaseLost(generationID: id) }
        return (found.rowID, found.generation)
    }

    /// `array` (a JSON array's text) with `element` (a JSON value's text) appended.
    static func appending(_ element: String, to array: String) -> String {
        let trimmed = array.trimmingCharacters(in: .whitespacesAndNewlines)
        guard trimmed.hasSuffix("]") else { return "[\(element)]" }
        let head = trimmed.dropLast().trimmingCharacters(in: .whitespacesAndNewlines)
        return head == "[" ? "[\(element)]" : "\(head),\(element)]"
    }
}
