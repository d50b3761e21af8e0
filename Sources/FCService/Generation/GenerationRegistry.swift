import FCContract
package import FCCore
package import FCPipeline
package import FCStore
package import Foundation
import HTTPTypes
import Synchronization

/// The service's generations, kept in the database (``FCStore/StoredGeneration``) so that every instance on it
/// answers for each: this instance's side of them — accepting, claiming and ending them, and following their events.
///
/// What stays in memory is only this instance's own: the generations it runs now (``GenerationLimits/running`` at
/// most), whether it is stopping, and the event streams it serves, which it wakes in process when a generation it
/// runs stores a batch or ends. On PostgreSQL every instance also listens for the database's notifications
/// (``GenerationListener``): each stored event, queued generation and cancel wakes the streams of that generation and
/// the runner, on whichever instance wrote it. A stream of a generation another instance runs reads the database
/// every ``GenerationLimits/eventPoll`` while nothing notifies it (SQLite, or a lost listening connection) and only
/// every ``GenerationLimits/notifiedEventPoll`` while the instance listens.
package final class GenerationRegistry: Sendable {
    struct State {
        /// Whether the server is stopping: it accepts no generation and ends the streams of those others run.
        var stopping = false
        /// Why generations cannot be accepted here (no usable provider settings, `--no-generations`), if so.
        var unavailable: Problem?
        /// The budgets a new generation is checked against (set with the runner).
        var budgets: GenerationBudgets?
        /// For an offline server: the topics it has recorded replies for, when it has none for the topic named.
        var missingOfflineRecording: (@Sendable (String) -> [String]?)?
        /// The event streams this instance serves, by generation: each is woken to read the database.
        var followers: [String: [UUID: AsyncStream<Void>.Continuation]] = [:]
        /// Whether this instance listens for the database's notifications now (``GenerationListener``).
        var listening = false
        /// Waiting for ``listening`` to be true (``waitUntilListening()``).
        var listeningWaiters: [CheckedContinuation<Void, Never>] = []
    }

    /// This instance's side of running them (``FCPipeline/GenerationWork``): claims, leases, batches, ends; the
    /// runner (``FCPipeline/GenerationRunner``) drives it.
    package let work: GenerationWork
    let state = Mutex(State())

    package var store: Store { work.store }
    package var limits: GenerationLimits { work.limits }
    /// This instance's name in the leases it takes: unique per registry.
    package var owner: String { work.owner }

    /// - Parameter owner: the lease owner's name; by default the process id and a random suffix, so two registries
    ///   in one process (tests) are two runners.
    package init(store: Store, limits: GenerationLimits = GenerationLimits(), now: Now, owner: String? = nil) {
        work = GenerationWork(
            store: store, limits: limits, documents: ContractGenerationDocuments(), now: now, owner: owner)
        work.observe { [weak self] id in self?.signal(id) }
    }

    /// Refuses every new generation with `problem` (the provider settings are unusable).
    package func markUnavailable(_ problem: Problem) {
        state.withLock { $0.unavailable = problem }
    }

    /// Sets the budgets new generations are checked against (``GenerationBudgets``).
    package func useBudgets(_ budgets: GenerationBudgets) {
        state.withLock { $0.budgets = budgets }
    }

    /// Sets the check an offline server makes before queueing a generation: `missing` answers the topics it has
    /// recorded replies for when it has none for the topic named (the fixture provider's; see
    /// ``FCPipeline/PipelineFactory/missingOfflineRecording(topic:)``).
    package func useOfflineRecordings(_ missing: @escaping @Sendable (String) -> [String]?) {
        state.withLock { $0.missingOfflineRecording = missing }
    }

    /// The topics this server has recorded replies for when it is offline and has none for `topic`; `nil`
    /// otherwise.
    package func missingOfflineRecording(topic: String) -> [String]? {
        state.withLock { $0.missingOfflineRecording }?(topic)
    }

    /// The budgets new generations are checked against; `nil` until the runner is set up.
    package var budgets: GenerationBudgets? { state.withLock { $0.budgets } }

    /// Queues a generation of `batches` batches for the topic: the budgets' check, the queue's limit and the row
    /// in one transaction, so what is checked is what is queued. `maxCost` (the request's `maxCostUsd`) and
    /// `review` are kept with it.
    ///
    /// - Throws: a problem when generation is unavailable here, the server is stopping, a budget is spent or the
    ///   queue (over every instance) is full; a store error.
    package func submit(
        topic: Topic, batches: Int, language: LanguageTag?, maxCost: Double? = nil, review: Bool? = nil,
        requestedBy: Int64? = nil
    ) async throws -> GenerationRecord {
        let budgets = try state.withLock { state -> GenerationBudgets? in
            if let problem = state.unavailable { throw problem }
            if state.stopping || work.isStopping {
                throw Problem(.notReady, detail: "the server is shutting down; generate elsewhere")
            }
            return state.budgets
        }
        let options = try GenerationRequestOptions(
            language: language?.description, maxCostUsd: maxCost, review: review
        ).text()
        let new = NewGeneration(
            id: UUID().uuidString.lowercased(), topicID: topic.id, topicName: topic.name, requestedBy: requestedBy,
            optionsJSON: options, batchesRequested: batches)
        // A daily budget spent already refuses the request itself (429, as `budget_exceeded` always is).
        let queueing = try await Generations.queue(on: store, new, limit: limits.queued) { db in
            try await budgets?.check(topic: topic, maxCost: maxCost, in: db)
        }
        switch queueing {
        case .full(let queued):
            throw Problem.rateLimited(
                "\(queued) generations are queued already; retry when some have run", retryAfter: 30)
        case .queued(let stored):
            work.poke()
            return GenerationRecord(stored)
        }
    }

    /// Whether `id` has the shape of a generation's id (a lowercase UUID, as ``submit(topic:batches:language:maxCost:review:requestedBy:)``
    /// makes them): anything else is unknown without asking the database (a path may hold any text, U+0000
    /// included, which PostgreSQL text cannot).
    static func isGenerationID(_ id: String) -> Bool {
        id.utf8.count == 36 && id.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) || $0 == 45 }
    }

    /// The generation with this id, while the database keeps it (``GenerationLimits/retention``).
    package func record(id: String) async throws -> GenerationRecord? {
        guard Self.isGenerationID(id) else { return nil }
        return try await Generations.generation(on: store, id: id).map(GenerationRecord.init)
    }

    /// The newest generations (``GenerationLimits/listed`` at most), newest first.
    package func records() async throws -> [GenerationRecord] {
        try await Generations.list(on: store, limit: limits.listed).map(GenerationRecord.init)
    }

    /// The events after `lastEventID`, and the ones to come (`nil` when the generation has ended); `nil` for an
    /// unknown generation.
    ///
    /// The stream to come is registered before the database is read, so an event stored between the read and the
    /// stream's first wait wakes it: no event falls between the two.
    package func subscribe(id: String, after lastEventID: Int) async throws -> (
        missed: [ServerSentEvent], live: AsyncStream<ServerSentEvent>?
    )? {
        guard Self.isGenerationID(id) else { return nil }
        let (wakes, wake) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        let key = UUID()
        let following = state.withLock { state in
            guard !state.stopping || work.runsHere(id) else { return false }
            state.followers[id, default: [:]][key] = wake
            return true
        }
        let unfollow: @Sendable () -> Void = { [weak self] in
            self?.state.withLock { state in
                state.followers[id]?[key] = nil
                if state.followers[id]?.isEmpty == true { state.followers[id] = nil }
            }
        }
        let found: (StoredGeneration, [StoredGenerationEvent])?
        do {
            found = try await Generations.withEvents(on: store, id: id, after: lastEventID)
        } catch {
            unfollow()
            throw error
        }
        guard let found else {
            unfollow()
            return nil
        }
        let (generation, events) = found
        let missed = events.map(Self.event)
        guard following, !generation.status.isFinished else {
            unfollow()
            return (missed, nil)
        }
        let live = follow(id: id, after: missed.last?.id ?? lastEventID, wakes: wakes, wake: wake, unfollow: unfollow)
        return (missed, live)
    }

    /// The events of a running or queued generation after `sequence`, read from the database each time `wakes`
    /// yields: in process when this instance stores one, on a notification from the database, else every
    /// ``GenerationLimits/eventPoll`` (``GenerationLimits/notifiedEventPoll`` while listening). Ends after the final
    /// event, when the generation is gone, or when the consumer goes away.
    private func follow(
        id: String, after sequence: Int, wakes: AsyncStream<Void>, wake: AsyncStream<Void>.Continuation,
        unfollow: @escaping @Sendable () -> Void
    ) -> AsyncStream<ServerSentEvent> {
        let (stream, continuation) = AsyncStream.makeStream(of: ServerSentEvent.self)
        let store = store
        let ticker = Task { [weak self] in
            while !Task.isCancelled {
                guard let interval = self?.pollInterval else { return }
                try? await Task.sleep(for: interval)
                guard let self else { return }
                if !self.work.runsHere(id) { wake.yield() }
            }
        }
        let reader = Task {
            var last = sequence
            reading: for await _ in wakes {
                // Gone (pruned, its topic deleted) or unreadable: the stream ends; a client reconnects.
                guard let found = try? await Generations.withEvents(on: store, id: id, after: last) else { break }
                let (generation, events) = found
                for stored in events {
                    continuation.yield(Self.event(stored))
                    last = stored.sequence
                    if Self.event(stored).isFinal { break reading }
                }
                if generation.status.isFinished && events.isEmpty { break }
            }
            ticker.cancel()
            unfollow()
            continuation.finish()
        }
        continuation.onTermination = { _ in
            reader.cancel()
            ticker.cancel()
        }
        return stream
    }

    private static func event(_ stored: StoredGenerationEvent) -> ServerSentEvent {
        ServerSentEvent(id: stored.sequence, name: stored.name, data: stored.data)
    }

    /// Wakes this instance's event streams of the generation (it stored an event).
    func signal(_ id: String) {
        let followers = state.withLock { Array(($0.followers[id] ?? [:]).values) }
        for follower in followers { follower.yield() }
    }

    /// Stops taking work: new submissions are refused here, the runner claims no more (running generations finish
    /// the batches in flight, then stop), and the streams of generations this instance does not run end (their
    /// clients reconnect to another instance). Queued generations stay queued in the database, for another instance
    /// or this one's next start.
    package func stop() {
        work.stop()
        endStreams()
    }

    /// Refuses new submissions and ends the streams of generations this instance does not run (the runner's
    /// graceful shutdown, after its work stopped).
    func endStreams() {
        let followers = state.withLock { state -> [AsyncStream<Void>.Continuation] in
            state.stopping = true
            var ended: [AsyncStream<Void>.Continuation] = []
            for (id, streams) in state.followers where !work.runsHere(id) {
                ended += streams.values
            }
            return ended
        }
        for follower in followers { follower.finish() }
    }

    /// Cancels a generation (``GenerationStop/request``), on whichever instance it runs: a queued one fails at once,
    /// a running one gets the flag its runner reads before its next batch; a finished one stays as it is. `nil` for
    /// an unknown generation.
    package func cancel(id: String) async throws -> GenerationCancellation? {
        guard Self.isGenerationID(id) else { return nil }
        let documents = work.documents
        let error = documents.errorText(GenerationStop.request.beforeStart)
        guard
            let outcome = try await Generations.cancel(
                on: store, id: id, errorJSON: error, event: { try documents.finalEvent($0) })
        else {
            return nil
        }
        switch outcome {
        case .cancelledQueued(let stored):
            signal(id)
            return .cancelledQueued(GenerationRecord(stored))
        case .stopping(let stored, let first):
            return .stopping(GenerationRecord(stored), first: first)
        case .finished(let stored):
            return .finished(GenerationRecord(stored))
        }
    }
}
