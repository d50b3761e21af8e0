package import FCCore
package import FCPipeline
import Foundation
import HTTPTypes
import Synchronization

/// The server's generations, in memory: the queue, the running ones, the finished ones kept for a while, and each
/// one's events for its subscribers.
///
/// A generation's events are kept with it, so a client that connects late (or reconnects with `Last-Event-ID`)
/// gets the ones it missed from here, then the live ones; publishing and subscribing take the same lock, so no
/// event falls between the two.
package final class GenerationRegistry: Sendable {
    struct Entry {
        var record: GenerationRecord
        var events: [ServerSentEvent] = []
        var subscribers: [UUID: AsyncStream<ServerSentEvent>.Continuation] = [:]
        /// Set when a request cancelled it while it ran: it asks for no further batch.
        var stop: GenerationStop?
    }

    struct State {
        var entries: [String: Entry] = [:]
        /// Ids in the order they were submitted.
        var order: [String] = []
        var running = 0
        var stopping = false
        /// Why generations cannot run in this server (no usable provider settings), if so.
        var unavailable: Problem?
        /// The budgets a new generation is checked against (set with the runner).
        var budgets: GenerationBudgets?
        /// For an offline server: the topics it has recorded replies for, when it has none for the topic named.
        var missingOfflineRecording: (@Sendable (String) -> [String]?)?
    }

    package let limits: GenerationLimits
    private let now: Now
    private let state = Mutex(State())
    private let wakeup: AsyncStream<Void>.Continuation
    /// Yields when there may be a generation to start; finishes when the server stops taking work.
    let wakeups: AsyncStream<Void>

    package init(limits: GenerationLimits = GenerationLimits(), now: Now) {
        self.limits = limits
        self.now = now
        (wakeups, wakeup) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
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

    /// Queues a generation of `batches` batches for the topic; its requests are checked against `budget`, and
    /// `maxCost` (the request's `maxCostUsd`) is shown with it.
    ///
    /// - Throws: a problem when generation is unavailable, the server is stopping, or the queue is full.
    package func submit(
        topic: Topic, batches: Int, language: LanguageTag?, maxCost: Double? = nil, review: Bool? = nil,
        budget: (any RequestBudget)? = nil
    ) throws -> GenerationRecord {
        let time = now()
        let record = try state.withLock { state -> GenerationRecord in
            if let problem = state.unavailable { throw problem }
            if state.stopping { throw Problem(.notReady, detail: "the server is shutting down; generate elsewhere") }
            prune(&state, at: time)
            let queued = state.entries.values.count { $0.record.status == .queued }
            if queued >= limits.queued {
                throw Problem.rateLimited(
                    "\(queued) generations are queued already; retry when some have run", retryAfter: 30)
            }
            let record = GenerationRecord(
                id: UUID().uuidString.lowercased(), topicID: topic.id, topicName: topic.name, requested: batches,
                language: language, maxCost: maxCost, review: review, budget: budget, createdAt: time)
            state.entries[record.id] = Entry(record: record)
            state.order.append(record.id)
            return record
        }
        wakeup.yield()
        return record
    }

    /// The generation with this id, while it is remembered.
    package func record(id: String) -> GenerationRecord? {
        let time = now()
        return state.withLock { state in
            prune(&state, at: time)
            return state.entries[id]?.record
        }
    }

    /// Every remembered generation, newest first.
    package func records() -> [GenerationRecord] {
        let time = now()
        return state.withLock { state in
            prune(&state, at: time)
            return state.order.reversed().compactMap { state.entries[$0]?.record }
        }
    }

    /// The events after `lastEventID`, and the live ones to come (`nil` when the generation has ended); `nil`
    /// for an unknown generation.
    package func subscribe(id: String, after lastEventID: Int) -> (
        missed: [ServerSentEvent], live: AsyncStream<ServerSentEvent>?
    )? {
        let (stream, continuation) = AsyncStream.makeStream(of: ServerSentEvent.self)
        let key = UUID()
        // Set before the stream is shared: a client that goes away stops being sent events.
        continuation.onTermination = { [weak self] _ in
            self?.state.withLock { _ = $0.entries[id]?.subscribers.removeValue(forKey: key) }
        }
        let result = state.withLock { state -> (missed: [ServerSentEvent], live: AsyncStream<ServerSentEvent>?)? in
            guard var entry = state.entries[id] else { return nil }
            let missed = entry.events.filter { $0.id > lastEventID }
            if entry.record.status.isFinished { return (missed, nil) }
            entry.subscribers[key] = continuation
            state.entries[id] = entry
            return (missed, stream)
        }
        if result?.live == nil { continuation.finish() }
        return result
    }

    // MARK: The runner's side

    /// The oldest queued generation that may start now (a free slot, and no generation of its topic running),
    /// marked running; `nil` when none may.
    package func claimNext() -> GenerationRecord? {
        let time = now()
        return state.withLock { state in
            guard !state.stopping, state.running < limits.running else { return nil }
            let busy = Set(state.entries.values.filter { $0.record.status == .running }.map(\.record.topicID))
            guard
                let id = state.order.first(where: {
                    guard let record = state.entries[$0]?.record else { return false }
                    return record.status == .queued && !busy.contains(record.topicID)
                })
            else { return nil }
            state.entries[id]?.record.status = .running
            state.entries[id]?.record.startedAt = time
            state.running += 1
            return state.entries[id]?.record
        }
    }

    /// Whether the server is stopping: a running generation starts no further batch.
    package var isStopping: Bool { state.withLock { $0.stopping } }

    /// Why the running generation must ask for no further batch (a request cancelled it, or the server is
    /// stopping); `nil` while it may go on.
    package func stopRequest(id: String) -> GenerationStop? {
        state.withLock { state in state.entries[id]?.stop ?? (state.stopping ? .shutdown : nil) }
    }

    /// Records a stored batch and publishes its `batch` event, built by `event` from the updated record.
    package func recordBatch(id: String, _ summary: BatchSummary, cards: Int, event: (GenerationRecord) -> String) {
        state.withLock { state in
            guard var entry = state.entries[id] else { return }
            entry.record.batches.append(summary)
            entry.record.cardsStored += cards
            publish(&entry, name: "batch", data: event(entry.record))
            state.entries[id] = entry
        }
    }

    /// Ends a running generation (succeeded without `error`) and publishes its final event.
    package func finish(id: String, error: Problem?, event: (GenerationRecord) -> String) {
        let time = now()
        let subscribers = state.withLock { state -> [AsyncStream<ServerSentEvent>.Continuation] in
            guard var entry = state.entries[id] else { return [] }
            if entry.record.status == .running { state.running -= 1 }
            let subscribers = end(&entry, error: error, at: time, event: event)
            state.entries[id] = entry
            return subscribers
        }
        // Outside the lock: finishing a stream runs its termination handler, which takes the lock.
        for subscriber in subscribers { subscriber.finish() }
        wakeup.yield()
    }

    /// Stops taking work: new submissions are refused, queued generations fail (``GenerationStop/shutdown``), and
    /// the wakeups end (running generations finish the batches in flight, then stop).
    package func stop(event: (GenerationRecord) -> String) {
        let time = now()
        let subscribers = state.withLock { state -> [AsyncStream<ServerSentEvent>.Continuation] in
            state.stopping = true
            var subscribers: [AsyncStream<ServerSentEvent>.Continuation] = []
            for id in state.order {
                guard var entry = state.entries[id], entry.record.status == .queued else { continue }
                subscribers += end(&entry, error: GenerationStop.shutdown.beforeStart, at: time, event: event)
                state.entries[id] = entry
            }
            return subscribers
        }
        for subscriber in subscribers { subscriber.finish() }
        wakeup.finish()
    }

    /// Cancels a generation (``GenerationStop/request``): a queued one fails at once, a running one asks for no
    /// further batch; a finished one stays as it is. `nil` for an unknown generation.
    package func cancel(id: String, event: (GenerationRecord) -> String) -> GenerationCancellation? {
        let time = now()
        let (outcome, subscribers) = state.withLock {
            state -> (GenerationCancellation?, [AsyncStream<ServerSentEvent>.Continuation]) in
            prune(&state, at: time)
            guard var entry = state.entries[id] else { return (nil, []) }
            switch entry.record.status {
            case .queued:
                let subscribers = end(&entry, error: GenerationStop.request.beforeStart, at: time, event: event)
                state.entries[id] = entry
                return (.cancelledQueued(entry.record), subscribers)
            case .running:
                let first = entry.stop == nil
                if first { entry.stop = .request }
                state.entries[id] = entry
                return (.stopping(entry.record, first: first), [])
            case .succeeded, .failed:
                return (.finished(entry.record), [])
            }
        }
        // Outside the lock: finishing a stream runs its termination handler, which takes the lock.
        for subscriber in subscribers { subscriber.finish() }
        return outcome
    }

    // MARK: Helpers

    /// Ends the generation and publishes its final event; returns its subscribers, for the caller to finish once
    /// it has let go of the lock.
    private func end(
        _ entry: inout Entry, error: Problem?, at time: Date, event: (GenerationRecord) -> String
    ) -> [AsyncStream<ServerSentEvent>.Continuation] {
        entry.record.status = error == nil ? .succeeded : .failed
        entry.record.error = error
        entry.record.finishedAt = time
        publish(&entry, name: error == nil ? "done" : "failed", data: event(entry.record))
        defer { entry.subscribers = [:] }
        return Array(entry.subscribers.values)
    }

    private func publish(_ entry: inout Entry, name: String, data: String) {
        let event = ServerSentEvent(id: entry.events.count + 1, name: name, data: data)
        entry.events.append(event)
        for subscriber in entry.subscribers.values { subscriber.yield(event) }
    }

    /// Forgets finished generations past the retention, and the oldest finished ones past the count.
    private func prune(_ state: inout State, at time: Date) {
        let retention = Double(limits.retention.components.seconds)
        var finished = state.order.filter { state.entries[$0]?.record.status.isFinished == true }
        let expired = Set(
            finished.filter { id in
                guard let end = state.entries[id]?.record.finishedAt else { return false }
                return time.timeIntervalSince(end) > retention
            })
        finished.removeAll { expired.contains($0) }
        let surplus = Set(finished.prefix(max(0, finished.count - limits.keepFinished)))
        let forget = expired.union(surplus)
        guard !forget.isEmpty else { return }
        for id in forget { state.entries[id] = nil }
        state.order.removeAll { forget.contains($0) }
    }
}
