import FCCore
import FCStore
package import ServiceLifecycle

/// Runs the database's queued generations in the background, at most ``GenerationLimits/running`` at once in this
/// process and one per topic at a time over every process (two runs of one topic would race for its batch numbers),
/// with the pipeline `fcgen generate` uses: a service of `fcgen serve`'s group and of `fcgen-worker`'s.
///
/// It claims a generation under a lease (``GenerationWork/claimNext()``) when woken in process (a request queued one
/// here, a notification from the database, or one it ran ended), at start and every
/// ``GenerationLimits/claimInterval``: so it also runs the generations other instances accepted, and takes over one
/// whose runner died (its lease expired) at the batch after the last one stored. A generation asks for its batches
/// `concurrency` at a time, as the CLI does; each batch is stored in its own transaction together with the
/// generation's counts and its `batch` event, so a batch is never stored twice nor without its event, and the
/// process's streams are woken once it commits. The lease is renewed after every batch and every third of the lease
/// meanwhile.
///
/// On graceful shutdown the running ones let the batches in flight finish and be stored, start no more, and fail
/// with `cancelled` naming how many were stored; queued ones stay queued in the database for another process (or
/// the next start). A generation cancelled by a request on any instance stops the same way (``GenerationStop``).
/// When idle it deletes the generations finished past the retention, at most every ``GenerationLimits/pruneEvery``.
package struct GenerationRunner: Service {
    let work: GenerationWork
    let pipeline: Pipeline
    let options: GenerationOptions
    let budgets: GenerationRunBudgets?
    let events: GenerationRunEventHandler
    /// Called once graceful shutdown begins, after the work stops being claimed (the service ends its streams).
    let onStop: @Sendable () -> Void

    /// - Parameters:
    ///   - budgets: what each generation's requests are checked against; `nil` for none.
    ///   - onStop: called when graceful shutdown begins, after ``GenerationWork/stop()``.
    package init(
        work: GenerationWork, pipeline: Pipeline, options: GenerationOptions, budgets: GenerationRunBudgets?,
        events: @escaping GenerationRunEventHandler, onStop: @escaping @Sendable () -> Void = {}
    ) {
        self.work = work
        self.pipeline = pipeline
        self.options = options
        self.budgets = budgets
        self.events = events
        self.onStop = onStop
    }

    package func run() async throws {
        let (work, onStop, events) = (work, onStop, events)
        let interval = work.limits.claimInterval
        // Looks for work another instance queued, or a dead runner left, besides the wakeups in process.
        let ticker = Task {
            while !Task.isCancelled {
                work.poke()
                try? await Task.sleep(for: interval)
            }
        }
        await withGracefulShutdownHandler {
            await withDiscardingTaskGroup { group in
                var lastPrune: ContinuousClock.Instant?
                for await _ in work.wakeups {
                    do {
                        while let stored = try await work.claimNext() {
                            group.addTask { await execute(GenerationJob(stored)) }
                        }
                    } catch {
                        events(.claimFailed(error))
                    }
                    if work.runningCount == 0, lastPrune.map({ $0 + work.limits.pruneEvery <= .now }) ?? true {
                        lastPrune = .now
                        await prune()
                    }
                }
            }
        } onGracefulShutdown: {
            work.stop()
            events(.stopping(running: work.runningCount))
            onStop()
        }
        ticker.cancel()
    }

    /// Deletes the generations finished past the retention.
    private func prune() async {
        do {
            let pruned = try await work.prune()
            if pruned > 0 { events(.pruned(pruned)) }
        } catch {
            events(.pruneFailed(error))
        }
    }

    /// Runs one generation to its end (from its next batch when it was taken over) and stores how it ended.
    private func execute(_ job: GenerationJob) async {
        events(.started(id: job.id, topic: job.topicName, batches: job.requested, resumedAfter: job.batchesDone))
        let work = work
        let id = job.id
        let third = work.limits.lease / 3
        // The lease is renewed meanwhile too: a slow provider's batch must not let another runner take it over.
        let heartbeat = Task {
            while !Task.isCancelled {
                try? await Task.sleep(for: third)
                if Task.isCancelled { break }
                try? await work.renewLease(id: id)
            }
        }
        defer { heartbeat.cancel() }
        var done = job.batchesDone
        var failure: GenerationFailure?
        var lost = false
        var budget: (any RequestBudget)?
        do {
            budget = try await budgets?.budget(topicID: job.topicID, maxCost: job.options.maxCostUsd)
        } catch {
            failure = failed(error, generation: id)
        }
        // Cancelled while a runner that died ran it: it asks for nothing more.
        if failure == nil, job.cancelRequested {
            failure = GenerationStop.request.afterStoring(done, of: job.requested)
        }
        while done < job.requested, failure == nil, !lost {
            do {
                done += try await runChunk(job, count: min(options.concurrency, job.requested - done), budget: budget)
            } catch let error as ChunkFailure {
                done += error.stored
                if Self.isLeaseLost(error.underlying) {
                    lost = true
                } else {
                    failure = failed(error.underlying, generation: id)
                }
            } catch {
                failure = failed(error, generation: id)
            }
            // Between chunks only: a running generation always finishes the batches it has asked for.
            if failure == nil, !lost, done < job.requested {
                do {
                    if let stop = try await work.checkpoint(id: id) {
                        failure = stop.afterStoring(done, of: job.requested)
                    }
                } catch {
                    if Self.isLeaseLost(error) { lost = true } else { failure = failed(error, generation: id) }
                }
            }
        }
        if !lost {
            do {
                try await work.finish(id: id, failure: failure)
            } catch {
                lost = Self.isLeaseLost(error)
                if !lost { events(.finishFailed(id: id, error: error)) }
            }
        }
        if lost {
            work.release(id)
            events(.leaseLost(id: id, batches: done))
            return
        }
        events(.finished(id: id, batches: done, failure: failure))
    }

    /// The failure of a generation `error` ended, reported.
    private func failed(_ error: any Error, generation: String) -> GenerationFailure {
        if let failure = error as? GenerationFailure { return failure }
        events(.failed(id: generation, error: error))
        return .error(error)
    }

    /// Whether `error` says the lease was lost, directly or as the cause of a failed batch.
    private static func isLeaseLost(_ error: any Error) -> Bool {
        if error is GenerationLeaseLost { return true }
        if case PipelineError.batchFailed(_, _, _, let underlying) = error { return underlying is GenerationLeaseLost }
        return false
    }
}
