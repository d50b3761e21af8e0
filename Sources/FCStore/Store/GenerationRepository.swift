/// The reads and writes of the service's generations (`generations`, `generation_events`), each inside the
/// transaction a ``Store/write(_:patience:_:)`` (or ``Store/read(_:)``) hands out; times are Unix milliseconds. SQL
/// and rows only: claiming one under a lease, renewing it, recording a batch, ending or cancelling one, with their
/// checks and events, are `Generations`' (FCPipeline). ``Database`` implements it on both engines.
///
/// On PostgreSQL every write that changes what a follower sees (a generation queued, an event stored, a cancel
/// flagged) also sends `NOTIFY` on ``Store/generationChannel`` in the same transaction; a claim's candidate row is
/// locked `FOR UPDATE SKIP LOCKED`, a row read to change it `FOR UPDATE`.
package protocol GenerationRepository: ~Copyable {
    /// Generations waiting to run, on every instance.
    func queuedGenerationCount() async throws -> Int
    /// Inserts a queued generation.
    ///
    /// - Throws: a store error (a topic that is gone fails its foreign key).
    func insertGeneration(_ new: NewGeneration, at time: Int64) async throws
    /// The generation with this public id, or `nil`.
    func generation(id: String) async throws -> StoredGeneration?
    /// The newest `limit` generations, newest first.
    func generations(limit: Int) async throws -> [StoredGeneration]
    /// The generation's events after `sequence`, in order.
    func generationEvents(id: String, after sequence: Int) async throws -> [StoredGenerationEvent]
    /// Whether a generation is queued, or runs under a lease expired by `time` (not whether its topic is free).
    func hasClaimableGeneration(at time: Int64) async throws -> Bool
    /// On PostgreSQL, waits for the lock of generation claims and holds it until the transaction ends, so two
    /// instances never both see a topic free. Nothing on SQLite.
    func lockGenerationClaims() async throws
    /// Makes the oldest generation that may run at `time` (queued, or running under an expired lease, and no other
    /// generation of its topic under a live lease) `running` under `owner`'s lease until `leaseEnd`; its id, or `nil`.
    func claimGeneration(owner: String, leaseEnd: Int64, at time: Int64) async throws -> String?
    /// The generation with its row id, locked until the transaction ends (PostgreSQL); `nil` when there is none.
    func lockedGeneration(id: String) async throws -> (rowID: Int64, generation: StoredGeneration)?
    /// Moves the generation's lease to `leaseEnd`.
    func setGenerationLease(rowID: Int64, to leaseEnd: Int64) async throws
    /// Writes `generation`'s batches done, cards stored, batch summaries, last event and lease end.
    func updateGenerationProgress(rowID: Int64, _ generation: StoredGeneration) async throws
    /// Writes `generation`'s end: its status, error, finish time and last event, the lease dropped.
    func updateGenerationEnd(rowID: Int64, _ generation: StoredGeneration) async throws
    /// Sets the generation's cancel flag.
    func flagGenerationCancelled(rowID: Int64, id: String) async throws
    /// Appends an event to the generation `id` (row `rowID`).
    func insertGenerationEvent(id: String, rowID: Int64, sequence: Int, name: String, data: String, at time: Int64)
        async throws
    /// Deletes the generations that finished before `cutoff`, their events with them; how many.
    func deleteGenerations(finishedBefore cutoff: Int64) async throws -> Int
}

extension Database: GenerationRepository {}
