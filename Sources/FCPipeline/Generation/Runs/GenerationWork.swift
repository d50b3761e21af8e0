package import FCCore
package import FCStore
package import Foundation
import Synchronization

/// One process's side of running the database's generations (``FCStore/StoredGeneration``): claiming them under its
/// lease, renewing it, recording each batch with its event, reading a cancel, ending them, and pruning the finished
/// ones. `fcgen serve` (through its registry) and `fcgen-worker` each hold one; ``GenerationRunner`` drives it.
///
/// What stays in memory is this process's own: the generations it runs now (``GenerationLimits/running`` at most),
/// whether it is stopping, and the wakeups of its runner. Whoever serves event streams hears of each batch and end
/// it commits through ``observe(changed:)``.
package final class GenerationWork: Sendable {
    struct State {
        /// Generations this process runs now ("" holds a slot while a claim is under way).
        var runningHere: Set<String> = []
        var stopping = false
        /// Told of each batch and end this process commits (the service's event streams).
        var changed: (@Sendable (String) -> Void)?
    }

    package let store: Store
    package let limits: GenerationLimits
    /// This process's name in the leases it takes: unique per instance.
    package let owner: String
    /// The documents the rows hold (the JSON contract's).
    package let documents: any GenerationDocuments
    private let now: Now
    private let state = Mutex(State())
    private let wakeup: AsyncStream<Void>.Continuation
    /// Yields when there may be a generation to start; finishes when the process stops taking work.
    let wakeups: AsyncStream<Void>

    /// - Parameter owner: the lease owner's name; by default `role`, the process id and a random suffix, so two
    ///   instances in one process (tests) are two runners.
    package init(
        store: Store, limits: GenerationLimits = GenerationLimits(), documents: any GenerationDocuments, now: Now,
        owner: String? = nil, role: String = "serve"
    ) {
        self.store = store
        self.limits = limits
        self.documents = documents
        self.now = now
        self.owner =
            owner ?? "\(role):\(ProcessInfo.processInfo.processIdentifier):\(UUID().uuidString.prefix(8).lowercased())"
        (wakeups, wakeup) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
    }

    /// Tells `changed` of each batch and end this process commits, by generation id (the event streams it serves).
    package func observe(changed: @escaping @Sendable (String) -> Void) {
        state.withLock { $0.changed = changed }
    }

    private func changed(_ id: String) {
        state.withLock { $0.changed }?(id)
    }

    /// Asks the runner to look for work now (a generation queued here or elsewhere, an expired lease).
    package func poke() {
        wakeup.yield()
    }

    /// Whether this process runs the generation now.
    package func runsHere(_ id: String) -> Bool {
        state.withLock { $0.runningHere.contains(id) }
    }

    /// How many generations this process runs now.
    package var runningCount: Int { state.withLock { $0.runningHere.count } }

    /// Whether the process is stopping: a running generation starts no further batch.
    package var isStopping: Bool { state.withLock { $0.stopping } }

    /// The oldest generation that may start now, claimed under this process's lease
    /// (``Generations/claimNext(on:owner:lease:)``): a queued one, or one whose runner's lease expired;
    /// `nil` when this process has no free slot or none may start.
    package func claimNext() async throws -> StoredGeneration? {
        let reserved = state.withLock { state in
            guard !state.stopping, state.runningHere.count < limits.running else { return false }
            // A placeholder holds the slot while the claim is under way.
            state.runningHere.insert("")
            return true
        }
        guard reserved else { return nil }
        let claimed: StoredGeneration?
        do {
            claimed = try await Generations.claimNext(on: store, owner: owner, lease: limits.lease)
        } catch {
            state.withLock { _ = $0.runningHere.remove("") }
            throw error
        }
        state.withLock { state in
            state.runningHere.remove("")
            if let claimed { state.runningHere.insert(claimed.id) }
        }
        return claimed
    }

    /// Renews this process's lease on a generation it runs, and says why it must ask for no further batch (a
    /// request cancelled it, on any instance, or this process is stopping); `nil` while it may go on.
    ///
    /// - Throws: ``FCStore/GenerationLeaseLost`` when another runner has taken it over.
    package func checkpoint(id: String) async throws -> GenerationStop? {
        let renewed = try await Generations.renewLease(on: store, id: id, owner: owner, lease: limits.lease)
        if renewed.cancelRequested { return .request }
        return isStopping ? .shutdown : nil
    }

    /// Renews this process's lease on a generation it runs, between its batches.
    ///
    /// - Throws: ``FCStore/GenerationLeaseLost`` when another runner has taken it over.
    package func renewLease(id: String) async throws {
        _ = try await Generations.renewLease(on: store, id: id, owner: owner, lease: limits.lease)
    }

    /// Records a stored batch of a generation this process runs, in the batch's own transaction (`db`): its counts,
    /// its summary and its `batch` event, whose data `event` makes from the updated generation.
    ///
    /// - Throws: ``FCStore/GenerationLeaseLost`` (the batch's transaction rolls back) when this process no longer
    ///   holds the lease.
    package func recordBatch(
        id: String, _ batch: BatchRecord, cards: Int, in db: borrowing Database,
        event: (StoredGeneration) throws -> String
    ) async throws {
        let summary = try documents.batchSummary(batch)
        try await Generations.recordBatch(
            id: id, owner: owner, lease: limits.lease, batchJSON: summary, cards: cards, event: event, in: db,
            at: now().unixMilliseconds)
    }

    /// A batch's transaction has committed: whoever follows the generation here hears of it.
    package func batchCommitted(id: String) {
        changed(id)
    }

    /// Ends a generation this process runs (succeeded without `failure`) and appends its final event.
    ///
    /// - Throws: ``FCStore/GenerationLeaseLost`` when another runner has taken it over; a store error.
    package func finish(id: String, failure: GenerationFailure?) async throws {
        defer {
            release(id)
            changed(id)
        }
        let documents = documents
        try await Generations.finish(
            on: store, id: id, owner: owner, errorJSON: failure.map(documents.errorText),
            event: { try documents.finalEvent($0) })
    }

    /// Lets go of a generation this process ran, its slot free again (it ended, or another runner took it over).
    package func release(_ id: String) {
        state.withLock { _ = $0.runningHere.remove(id) }
        wakeup.yield()
    }

    /// Stops taking work: the wakeups end, and running generations finish the batches in flight, then stop.
    /// Queued generations stay queued in the database, for another process or this one's next start.
    package func stop() {
        state.withLock { $0.stopping = true }
        wakeup.finish()
    }

    /// Deletes the generations that finished more than ``GenerationLimits/retention`` ago, with their events.
    @discardableResult
    package func prune() async throws -> Int {
        let cutoff = now().addingTimeInterval(-Double(limits.retention.components.seconds))
        return try await Generations.prune(on: store, finishedBefore: cutoff)
    }
}
