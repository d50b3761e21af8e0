import FCContract
import FCCore
package import FCPipeline
import FCStore
package import Logging
import ServiceLifecycle

/// Runs the server's queued generations in the background, at most ``GenerationLimits/running`` at once and one
/// per topic at a time (two runs of one topic would race for its batch numbers), with the pipeline `fcgen generate`
/// uses.
///
/// A generation asks for its batches `concurrency` at a time, as the CLI does; each batch is stored in its own
/// transaction and published (`batch` event, with its cards) as soon as it is committed. On graceful shutdown the
/// queued generations fail (`cancelled`), the running ones let the batches in flight finish and be stored, start
/// no more, and fail with `cancelled` naming how many were stored; a generation cancelled by a request
/// (``GenerationRegistry/cancel(id:event:)``) stops the same way (``GenerationStop``).
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
        await withGracefulShutdownHandler {
            await withDiscardingTaskGroup { group in
                for await _ in registry.wakeups {
                    while let record = registry.claimNext() {
                        group.addTask { await execute(record) }
                    }
                }
            }
        } onGracefulShutdown: {
            registry.stop(event: Self.finalEvent)
        }
    }

    /// Runs one generation to its end and publishes how it ended.
    private func execute(_ record: GenerationRecord) async {
        logger.info(
            "generation \(record.id): \(Plural.count(record.requested, "batch")) of \"\(record.topicName)\"",
            metadata: ["event": "generation_started", "generation": .string(record.id)])
        var done = 0
        var failure: Problem?
        while done < record.requested, failure == nil {
            do {
                done += try await runChunk(record, count: min(options.concurrency, record.requested - done))
            } catch let error as ChunkFailure {
                done += error.stored
                failure = problem(for: error.underlying, generation: record.id)
            } catch {
                failure = problem(for: error, generation: record.id)
            }
            // Between chunks only: a running generation always finishes the batches it has asked for.
            if failure == nil, done < record.requested, let stop = registry.stopRequest(id: record.id) {
                failure = stop.afterStoring(done, of: record.requested)
            }
        }
        registry.finish(id: record.id, error: failure, event: Self.finalEvent)
        metrics.countGeneration(status: failure == nil ? "succeeded" : "failed")
        logger.info(
            "generation \(record.id): \(failure == nil ? "succeeded" : "failed") with \(Plural.count(done, "batch"))",
            metadata: ["event": "generation_finished", "generation": .string(record.id)])
    }

    /// A chunk that failed after storing `stored` batches.
    private struct ChunkFailure: Error {
        var stored: Int
        var underlying: any Error
    }

    /// Generates `count` batches in one pipeline run, publishing each as it is stored; returns how many were.
    private func runChunk(_ record: GenerationRecord, count: Int) async throws -> Int {
        // The topic by id each time: a rename between chunks must not create a topic under the old name.
        guard let topic = try await pipeline.store.read({ try await $0.topic(id: record.topicID) }) else {
            throw StoreError.topicNotFound(topicID: record.topicID)
        }
        var options = options
        options.language = record.language
        if let review = record.review { options.review = review }
        // One budget for all its chunks: `maxCost` is the whole generation's.
        options.budget = record.budget
        let (stored, continuation) = AsyncStream.makeStream(of: BatchSummary.self)
        let logger = logger
        let run = pipeline.reporting { event in
            logger.log(event)
            if case .batchStored(_, let summary) = event { continuation.yield(summary) }
        }
        async let published = publish(stored, record: record, topicID: topic.id)
        var failure: (any Error)?
        do {
            _ = try await run.generate(topic: topic.name, batches: count, options: options)
        } catch {
            failure = error
        }
        continuation.finish()
        let storedCount = await published
        if let failure { throw ChunkFailure(stored: storedCount, underlying: failure) }
        return storedCount
    }

    /// Publishes each stored batch with its cards, in order; returns how many there were.
    private func publish(_ batches: AsyncStream<BatchSummary>, record: GenerationRecord, topicID: Int64) async -> Int {
        var count = 0
        for await summary in batches {
            count += 1
            metrics.countBatch(summary)
            let number = summary.number
            let cards =
                (try? await pipeline.store.read { try await $0.cards(topicID: topicID, batchNumber: number) }) ?? []
            let cardJSON = cards.map { CardJSON($0) }
            registry.recordBatch(id: record.id, summary, cards: cards.count) { updated in
                let data = GenerationBatchEventJSON(
                    generationId: updated.id, batch: GenerationJSON.Batch(summary), cards: cardJSON,
                    batchesDone: updated.batches.count, batchesRequested: updated.requested,
                    cardsStored: updated.cardsStored)
                return (try? ContractJSON.document(data, pretty: false)) ?? "{}"
            }
        }
        return count
    }

    /// The problem a failed generation reports, as a request failing this way would.
    private func problem(for error: any Error, generation: String) -> Problem {
        let code = ErrorCode(for: error)
        logger.warning(
            "generation \(generation) failed: \(error)",
            metadata: ["event": "generation_failed", "generation": .string(generation), "code": .string(code.rawValue)])
        return Problem(code, detail: code == .internal ? "unexpected failure; see the server log" : "\(error)")
    }

    /// The data of the `done` or `failed` event: the whole generation.
    static func finalEvent(_ record: GenerationRecord) -> String {
        (try? ContractJSON.document(GenerationJSON(record), pretty: false)) ?? "{}"
    }
}
