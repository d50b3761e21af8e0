import FCContract
import FCCore
package import FCPipeline
import FCStore
package import Logging
import ServiceLifecycle

/// Runs the database's queued generations in the background, at most ``GenerationLimits/running`` at once in this
/// instance and one per topic at a time over every instance (two runs of one topic would race for its batch numbers),
/// with the pipeline `fcgen generate` uses.
///
/// It claims a generation under a lease (``GenerationRegistry/claimNext()``) when woken in process (a request queued
/// one here, or one it ran ended), at start and every ``GenerationLimits/claimInterval``: so it also runs the
/// generations other instances accepted, and takes over one whose runner died (its lease expired) at the batch after
/// the last one stored. A generation asks for its batches `concurrency` at a time, as the CLI does; each batch is
/// stored in its own transaction together with the generation's counts and its `batch` event, so a batch is never
/// stored twice nor without its event, and the instance's streams are woken once it commits. The lease is renewed
/// after every batch and every third of the lease meanwhile.
///
/// On graceful shutdown the running ones let the batches in flight finish and be stored, start no more, and fail
/// with `cancelled` naming how many were stored; queued ones stay queued in the database for another instance (or
/// the next start). A generation cancelled by a request on any instance stops the same way (``GenerationStop``).
/// When idle it deletes the generations finished past the retention, at most every ``GenerationLimits/pruneEvery``.
package struct GenerationRunner: Service {
    let registry: GenerationRegistry
    let pipeline: Pipeline
    let options: GenerationOptions
    let metrics: ServiceMetrics
    let logger: Logger

    package init(
        registry: GenerationRegistry, pipeline: Pipeline, options: GenerationOptions, metrics: ServiceMetrics,
        logger: Logger
    ) {
        self.registry = registry
        self.pipeline = pipeline
        self.options = options
        self.metrics = metrics
        self.logger = logger
    }

    package func run() async throws {
        let registry = registry
        let interval = registry.limits.claimInterval
        // Looks for work another instance queued, or a dead runner left, besides the wakeups in process.
        let ticker = Task {
            while !Task.isCancelled {
                registry.poke()
                try? await Task.sleep(for: interval)
            }
        }
        await withGracefulShutdownHandler {
            await withDiscardingTaskGroup { group in
                var lastPrune: ContinuousClock.Instant?
                for await _ in registry.wakeups {
                    do {
                        while let record = try await registry.claimNext() {
                            group.addTask { await execute(record) }
                        }
                    } catch {
                        logger.warning(
                            "claiming a generation failed: \(error)", metadata: ["event": "generation_claim_failed"])
                    }
                    if registry.runningCount == 0, lastPrune.map({ $0 + registry.limits.pruneEvery <= .now }) ?? true {
                        lastPrune = .now
                        await prune()
                    }
                }
            }
        } onGracefulShutdown: {
            registry.stop()
        }
        ticker.cancel()
    }

    /// Deletes the generations finished past the retention.
    private func prune() async {
        do {
            let pruned = try await registry.prune()
            if pruned > 0 {
                logger.info(
                    "deleted \(Plural.count(pruned, "finished generation"))",
                    metadata: ["event": "generations_pruned"])
            }
        } catch {
            logger.warning("pruning generations failed: \(error)", metadata: ["event": "generation_prune_failed"])
        }
    }

    /// Runs one generation to its end (from its next batch when it was taken over) and stores how it ended.
    private func execute(_ record: GenerationRecord) async {
        let resumed = record.batchesDone > 0
        let resumption = resumed ? ", resumed after \(record.batchesDone)" : ""
        logger.info(
            "generation \(record.id): \(Plural.count(record.requested, "batch")) of \"\(record.topicName)\"\(resumption)",
            metadata: ["event": "generation_started", "generation": .string(record.id)])
        let registry = registry
        let id = record.id
        let third = registry.limits.lease / 3
        // The lease is renewed meanwhile too: a slow provider's batch must not let another runner take it over.
        let heartbeat = Task {
            while !Task.isCancelled {
                try? await Task.sleep(for: third)
                if Task.isCancelled { break }
                try? await registry.renewLease(id: id)
            }
        }
        defer { heartbeat.cancel() }
        var done = record.batchesDone
        var failure: Problem?
        var lost = false
        var budget: (any RequestBudget)?
        do {
            budget = try await registry.budgets?.budget(topicID: record.topicID, maxCost: record.maxCost)
        } catch {
            failure = problem(for: error, generation: record.id)
        }
        // Cancelled while a runner that died ran it: it asks for nothing more.
        if failure == nil, record.cancelRequested {
            failure = GenerationStop.request.afterStoring(done, of: record.requested)
        }
        while done < record.requested, failure == nil, !lost {
            do {
                done += try await runChunk(
                    record, count: min(options.concurrency, record.requested - done), budget: budget)
            } catch let error as ChunkFailure {
                done += error.stored
                if Self.isLeaseLost(error.underlying) {
                    lost = true
                } else {
                    failure = problem(for: error.underlying, generation: record.id)
                }
            } catch {
                failure = problem(for: error, generation: record.id)
            }
            // Between chunks only: a running generation always finishes the batches it has asked for.
            if failure == nil, !lost, done < record.requested {
                do {
                    if let stop = try await registry.checkpoint(id: record.id) {
                        failure = stop.afterStoring(done, of: record.requested)
                    }
                } catch {
                    if Self.isLeaseLost(error) { lost = true } else { failure = problem(for: error, generation: id) }
                }
            }
        }
        if !lost {
            do {
                try await registry.finish(id: record.id, error: failure)
            } catch {
                lost = Self.isLeaseLost(error)
                if !lost {
                    logger.error(
                        "generation \(record.id): storing its end failed: \(error)",
                        metadata: ["event": "generation_finish_failed", "generation": .string(record.id)])
                }
            }
        }
        if lost {
            registry.release(record.id)
            logger.warning(
                "generation \(record.id): another runner took it over after \(Plural.count(done, "batch"))",
                metadata: ["event": "generation_lease_lost", "generation": .string(record.id)])
            return
        }
        metrics.countGeneration(status: failure == nil ? "succeeded" : "failed")
        logger.info(
            "generation \(record.id): \(failure == nil ? "succeeded" : "failed") with \(Plural.count(done, "batch"))",
            metadata: ["event": "generation_finished", "generation": .string(record.id)])
    }

    /// Whether `error` says the lease was lost, directly or as the cause of a failed batch.
    private static func isLeaseLost(_ error: any Error) -> Bool {
        if error is GenerationLeaseLost { return true }
        if case PipelineError.batchFailed(_, _, _, let underlying) = error { return underlying is GenerationLeaseLost }
        return false
    }

    /// A chunk that failed after storing `stored` batches.
    private struct ChunkFailure: Error {
        var stored: Int
        var underlying: any Error
    }

    /// Generates `count` batches in one pipeline run, each recorded in its own transaction (counts and event) and
    /// announced to this instance's streams once committed; returns how many were stored.
    private func runChunk(_ record: GenerationRecord, count: Int, budget: (any RequestBudget)?) async throws -> Int {
        // The topic by id each time: a rename between chunks must not create a topic under the old name.
        guard let topic = try await pipeline.store.read({ try await $0.topic(id: record.topicID) }) else {
            throw StoreError.topicNotFound(topicID: record.topicID)
        }
        var options = options
        options.language = record.language
        if let review = record.review { options.review = review }
        // One budget for all its chunks: `maxCost` is the whole generation's.
        options.budget = budget
        let registry = registry
        let id = record.id
        options.onBatchStored = { db, stored in
            // Read in the batch's transaction: exactly the cards it inserted.
            let cards = try await db.cards(topicID: stored.record.topicID, batchNumber: stored.record.plan.number)
            let batch = GenerationJSON.Batch(stored.record)
            try await registry.recordBatch(id: id, stored.record, cards: cards.count, in: db) { updated in
                try ContractJSON.document(
                    GenerationBatchEventJSON(
                        generationId: updated.id, batch: batch, cards: cards.map { CardJSON($0) },
                        batchesDone: updated.batchesDone, batchesRequested: updated.batchesRequested,
                        cardsStored: updated.cardsStored),
                    pretty: false)
            }
        }
        let (stored, continuation) = AsyncStream.makeStream(of: BatchSummary.self)
        let logger = logger
        let run = pipeline.reporting { event in
            logger.log(event)
            if case .batchStored(_, let summary) = event { continuation.yield(summary) }
        }
        async let announced = announce(stored, id: record.id)
        var failure: (any Error)?
        do {
            _ = try await run.generate(topic: topic.name, batches: count, options: options)
        } catch {
            failure = error
        }
        continuation.finish()
        let storedCount = await announced
        if let failure { throw ChunkFailure(stored: storedCount, underlying: failure) }
        return storedCount
    }

    /// Counts each committed batch and wakes this instance's streams of the generation; returns how many there were.
    private func announce(_ batches: AsyncStream<BatchSummary>, id: String) async -> Int {
        var count = 0
        for await summary in batches {
            count += 1
            metrics.countBatch(summary)
            registry.batchCommitted(id: id)
        }
        return count
    }

    /// The problem a failed generation reports, as a request failing this way would.
    private func problem(for error: any Error, generation: String) -> Problem {
        if let problem = error as? Problem { return problem }
        let code = ErrorCode(for: error)
        logger.warning(
            "generation \(generation) failed: \(error)",
            metadata: ["event": "generation_failed", "generation": .string(generation), "code": .string(code.rawValue)])
        return Problem(code, detail: code == .internal ? "unexpected failure; see the server log" : "\(error)")
    }
}
