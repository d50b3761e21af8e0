package import FCCore
package import FCPipeline
package import FCStore

/// The run side of this instance's generations, as the registry's tests and the HTTP layer reach it: each forwards to
/// ``work`` (``FCPipeline/GenerationWork``), where `fcgen-worker` reaches it too.
extension GenerationRegistry {
    /// Asks the runner to look for work now (a generation another instance queued, an expired lease).
    package func poke() {
        work.poke()
    }

    /// Whether this instance runs the generation now.
    package func runsHere(_ id: String) -> Bool {
        work.runsHere(id)
    }

    /// How many generations this instance runs now.
    package var runningCount: Int { work.runningCount }

    /// Whether the server is stopping: a running generation starts no further batch.
    package var isStopping: Bool { work.isStopping }

    /// The oldest generation that may start now, claimed under this instance's lease (``GenerationWork/claimNext()``).
    package func claimNext() async throws -> GenerationRecord? {
        try await work.claimNext().map(GenerationRecord.init)
    }

    /// ``GenerationWork/checkpoint(id:)``: why the generation must ask for no further batch, if it must.
    package func checkpoint(id: String) async throws -> GenerationStop? {
        try await work.checkpoint(id: id)
    }

    /// Renews this instance's lease on a generation it runs (``GenerationWork/renewLease(id:)``).
    package func renewLease(id: String) async throws {
        try await work.renewLease(id: id)
    }

    /// Records a stored batch in its own transaction (``GenerationWork/recordBatch(id:_:cards:in:event:)``).
    package func recordBatch(
        id: String, _ batch: BatchRecord, cards: Int, in db: borrowing Database,
        event: (StoredGeneration) throws -> String
    ) async throws {
        try await work.recordBatch(id: id, batch, cards: cards, in: db, event: event)
    }

    /// Wakes this instance's streams of the generation once a batch's transaction has committed.
    package func batchCommitted(id: String) {
        work.batchCommitted(id: id)
    }

    /// Ends a generation this instance runs (succeeded without `error`) and appends its final event.
    package func finish(id: String, error: GenerationFailure?) async throws {
        try await work.finish(id: id, failure: error)
    }

    /// Lets go of a generation this instance ran, its slot free again.
    package func release(_ id: String) {
        work.release(id)
    }

    /// Deletes the generations that finished past the retention, with their events.
    @discardableResult
    package func prune() async throws -> Int {
        try await work.prune()
    }
}
