package import FCCore
import FCGenerator
import FCStore

/// The refill use case: keeps every subscribed topic stocked, one batch per job, several jobs at a time.
///
/// A round enqueues a job for every topic the refill rule says is due (``RefillJobs/enqueueDue(on:maxAttempts:)``),
/// then claims due jobs and runs up to ``RefillOptions/concurrency`` of them at once until none is left. Each job
/// generates exactly its topic's next batch and commits it together with the job's completion. The pipeline's
/// provider is shared by all jobs, so its rate limiter (and a `Retry-After` pause) holds the whole worker.
///
/// ```swift
/// let worker = RefillWorker(pipeline: pipeline, options: RefillOptions(workerID: "host:42"),
///                           clock: ContinuousClock(), random: RandomSource(seed: seed), events: log)
/// let summary = try await worker.runRound()      // --once
/// try await worker.run(every: .seconds(600))     // --interval 10m, until stop.request()
/// ```
///
/// Failures: a transient error (``GeneratorError/isTransient``, store contention, a lost race for the batch
/// number) marks the job `failed` with exponential backoff and jitter; after ``RefillOptions/maxAttempts`` it is
/// `dead`. A permanent error (the provider rejected the request: bad key, unknown model, a malformed template) is
/// `dead` at once: retrying the same request cannot succeed until a setting changes, and then
/// `fcgen jobs retry ID` requeues it.
public struct RefillWorker: Sendable {
    public let pipeline: Pipeline
    public let options: RefillOptions
    let clock: any Clock<Duration>
    let random: RandomSource
    /// Requested on the first shutdown signal: claim nothing more, finish what is in flight.
    public let stop: WorkerStop
    let events: WorkerEventHandler
    /// Each topic's daily budget and ``RefillOptions/dailyBudget``, checked before every job's request.
    let budget: DailyBudget

    package init(
        pipeline: Pipeline,
        options: RefillOptions,
        clock: any Clock<Duration>,
        random: RandomSource,
        stop: WorkerStop = WorkerStop(),
        events: @escaping WorkerEventHandler = { _ in }
    ) {
        self.pipeline = pipeline
        self.options = options
        self.clock = clock
        self.random = random
        self.stop = stop
        self.events = events
        budget = DailyBudget(store: pipeline.store, overall: options.dailyBudget)
    }

    var store: Store { pipeline.store }

    /// Runs one round: enqueue due topics, then claim and run due jobs until none is left (or a stop).
    ///
    /// By default a round gives each due topic one batch, and it ends when its slowest job does. With
    /// ``RefillOptions/topUp``, whenever the queue runs dry and a finished job stored cards, the round enqueues
    /// again, so a freed slot takes the next due topic at once and every topic is stocked by the round's end.
    ///
    /// - Returns: what the round did; also reported as ``WorkerEvent/roundFinished(_:)``.
    /// - Throws: a ``StoreError`` when enqueueing or claiming fails (jobs already running finish first).
    public func runRound() async throws -> RoundSummary {
        var summary = RoundSummary()
        if !stop.isRequested { try await enqueueDue(into: &summary) }
        let claimError: (any Error)? = await withTaskGroup(of: JobResult.self) { group in
            var running = 0
            var claimError: (any Error)?
            var exhausted = false
            // With top-up: a job stored cards since the last enqueue, so its topic may be due again.
            var mayBeDue = false
            while true {
                while !exhausted, running < options.concurrency, !stop.isRequested, !Task.isCancelled {
                    // The day's overall budget is spent: nothing more is claimed until the next UTC day.
                    if budget.isOverallSpentToday {
                        exhausted = true
                        break
                    }
                    do {
                        guard
                            let job = try await RefillJobs.claimNext(
                                on: store, owner: options.workerID, lease: options.lease)
                        else {
                            if mayBeDue {
                                mayBeDue = false
                                if try await enqueueDue(into: &summary) > 0 { continue }
                            }
                            exhausted = true
                            break
                        }
                        summary.claimed += 1
                        events(.jobClaimed(job))
                        group.addTask { await self.run(job) }
                        running += 1
                    } catch {
                        claimError = error
                        exhausted = true
                    }
                }
                guard let result = await group.next() else { break }
                running -= 1
                summary.record(result)
                // Only a job that stored cards re-opens the queue: a topic whose batches keep coming back empty
                // would otherwise be enqueued again and again, and the round would never end.
                if options.topUp, claimError == nil, case .done(let cards) = result, cards > 0 {
                    mayBeDue = true
                    exhausted = false
                }
            }
            return claimError
        }
        events(.roundFinished(summary))
        if let claimError { throw claimError }
        return summary
    }

    /// Enqueues a job for every due topic without an open one; returns how many.
    @discardableResult
    private func enqueueDue(into summary: inout RoundSummary) async throws -> Int {
        let enqueued = try await RefillJobs.enqueueDue(on: store, maxAttempts: options.maxAttempts)
        summary.enqueued += enqueued.count
        for job in enqueued { events(.jobEnqueued(job)) }
        return enqueued.count
    }

    /// Runs rounds every `interval` until ``stop`` is requested or the task is cancelled.
    ///
    /// A round that fails (the database stayed locked) is reported as ``WorkerEvent/roundFailed(reason:)`` and
    /// the loop carries on. Sleeps on the injected clock.
    public func run(every interval: Duration) async {
        while !stop.isRequested, !Task.isCancelled {
            do {
                _ = try await runRound()
            } catch {
                events(.roundFailed(reason: "\(error)"))
            }
            guard await stop.sleep(for: interval, on: clock) else { return }
        }
    }
}

/// How one job ended, from the round's point of view.
enum JobResult: Sendable {
    case done(cards: Int)
    case retryLater(unreachable: Bool)
    case dead(unreachable: Bool)
    case released
    case leaseLost
    /// A budget for today is spent: the job waits, queued, for the next UTC day.
    case deferred
}

extension RoundSummary {
    mutating func record(_ result: JobResult) {
        switch result {
        case .done(let cards):
            done += 1
            cardsStored += cards
        case .retryLater(let unreachable):
            retryLater += 1
            if unreachable { providerUnreachable += 1 }
        case .dead(let unreachable):
            dead += 1
            if unreachable { providerUnreachable += 1 }
        case .released: released += 1
        case .leaseLost: leaseLost += 1
        case .deferred: deferred += 1
        }
    }
}
