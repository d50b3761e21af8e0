import FCCore
import FCGenerator
import FCStore

extension RefillWorker {
    /// Runs one claimed job to its end: done, failed/dead, released on cancellation, or lost.
    func run(_ job: Job) async -> JobResult {
        do {
            guard let number = job.batchNumber, let topic = try await Topics.named(on: store, job.topicName) else {
                throw StoreError.topicNotFound(topicID: job.topicID)
            }
            let (policy, topicBudget) = try await store.read { db in
                await (try db.topicPolicy(topicID: job.topicID), try db.topicDailyBudget(topicID: job.topicID))
            }
            // Offline, a batch past the recordings would be templated fallback cards, which never count as stock:
            // a refill with them would be asked for again and again.
            if let fixtures = pipeline.provider as? FixtureProvider,
                !fixtures.hasReply(topic: topic.name, batch: number)
            {
                throw PipelineError.noOfflineReply(topic: topic.name, batch: number)
            }
            var generation = GenerationOptions(
                cardsPerBatch: policy?.batchSize ?? options.defaultBatchSize, concurrency: 1, strict: false,
                avoidListLimit: options.avoidListLimit)
            generation.kinds = options.cardKinds
            generation.review = options.review
            generation.fallbackRetries = options.fallbackRetries
            // Without a budget that could apply, no request pays for reading today's spending.
            if topicBudget != nil || options.dailyBudget != nil { generation.budget = budget }
            let (store, owner, batchOptions) = (store, options.workerID, generation)
            let summary = try await holdingLease(on: job) {
                try await pipeline.generateBatch(topic: topic, number: number, options: batchOptions) { batch in
                    try await JobSteps.complete(on: store, jobID: job.id, owner: owner, batch: batch)
                }
            }
            var finished = job
            finished.status = .done
            events(.batchStored(finished, summary))
            return .done(cards: summary.kept)
        } catch let refusal as BudgetExceeded {
            return await deferToNextDay(job, refusal)
        } catch {
            return await settle(job, after: error)
        }
    }

    /// A daily budget refused the job's request (nothing was sent): the job goes back to the queue until the next
    /// UTC day, its attempt not counted. Skipped, not failed.
    private func deferToNextDay(_ job: Job, _ refusal: BudgetExceeded) async -> JobResult {
        do {
            guard
                let until = try await RefillJobs.deferToNextDay(
                    on: store, jobID: job.id, owner: options.workerID, reason: refusal.description)
            else {
                events(.leaseLost(job))
                return .leaseLost
            }
            events(.budgetDeferred(job, reason: refusal.description, until: until))
            return .deferred
        } catch {
            return await settle(job, after: error)
        }
    }

    /// Runs `work` while a child task renews the job's lease every third of the lease time.
    ///
    /// - Throws: ``StoreError/leaseLost(jobID:)`` (and cancels `work`) when a renewal finds the lease gone.
    private func holdingLease(
        on job: Job, _ work: @escaping @Sendable () async throws -> BatchSummary
    ) async throws -> BatchSummary {
        let (store, clock, owner, lease) = (store, clock, options.workerID, options.lease)
        return try await withThrowingTaskGroup(of: BatchSummary?.self) { group in
            defer { group.cancelAll() }
            group.addTask { try await work() }
            group.addTask {
                while true {
                    try await clock.sleep(for: lease / 3)
                    guard try await RefillJobs.renewLease(on: store, jobID: job.id, owner: owner, lease: lease) else {
                        throw StoreError.leaseLost(jobID: job.id)
                    }
                }
            }
            while let result = try await group.next() {
                if let summary = result { return summary }
            }
            throw CancellationError()
        }
    }

    /// Records why a job did not finish and what happens to it next.
    private func settle(_ job: Job, after error: any Error) async -> JobResult {
        if case StoreError.leaseLost = error {
            events(.leaseLost(job))
            return .leaseLost
        }
        if Task.isCancelled {
            // Shutdown after the grace period: give the job back so the next run does it.
            _ = try? await RefillJobs.release(on: store, jobID: job.id, owner: options.workerID)
            events(.jobReleased(job))
            return .released
        }
        let failure = JobFailure(error)
        let (policy, random) = (options.backoff, random)
        do {
            let updated = try await JobSteps.fail(
                on: store, jobID: job.id, owner: options.workerID, error: failure.reason,
                permanent: failure.isPermanent,
                backoff: { attempts in policy.backoff(beforeRetry: attempts, random: random) })
            events(.jobFailed(updated, reason: failure.reason))
            return updated.status == .dead
                ? .dead(unreachable: failure.isProviderUnreachable)
                : .retryLater(unreachable: failure.isProviderUnreachable)
        } catch StoreError.leaseLost {
            events(.leaseLost(job))
            return .leaseLost
        } catch {
            // Could not even record the failure: the lease expires and another run retries the job.
            events(.jobFailed(job, reason: "\(failure.reason); recording the failure failed too: \(error)"))
            return .retryLater(unreachable: failure.isProviderUnreachable)
        }
    }
}

/// A job's failure, classified.
struct JobFailure {
    /// For `last_error` and the log; error descriptions carry no keys or card text.
    var reason: String
    /// Retrying the same request can't help (the provider rejected it, a template is broken).
    var isPermanent: Bool
    /// The provider could not be reached (after the request's own retries).
    var isProviderUnreachable: Bool

    init(_ error: any Error) {
        reason = "\(error)"
        switch error {
        case let error as GeneratorError:
            isPermanent = !error.isTransient && error != .cancelled
            switch error {
            case .unavailable, .unreachable: isProviderUnreachable = true
            default: isProviderUnreachable = false
            }
        case is TransportError:
            isPermanent = false
            isProviderUnreachable = true
        case PipelineError.noOfflineReply:
            // No later attempt finds a recording that is not there.
            isPermanent = true
            isProviderUnreachable = false
        case PipelineError.priceMissing:
            // A topic has a daily budget and the model no price: no attempt can pass until the config changes.
            isPermanent = true
            isProviderUnreachable = false
        default:
            // Store contention, a batch number another run took first, anything unexpected: try again later.
            isPermanent = false
            isProviderUnreachable = false
        }
    }
}
