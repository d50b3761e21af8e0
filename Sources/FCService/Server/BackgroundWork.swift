import FCContract
package import FCCore
package import FCGenerator
package import FCPipeline
package import FCStore
import Foundation
package import Logging
package import ServiceLifecycle

/// What `fcgen serve` runs beside the HTTP application, built in one place for the executable and the tests: the
/// generation runner (`POST /v1/topics/{id}/generations`) and the refill worker of `--workers N`.
///
/// The caller loads the settings (flags, config file, environment) and brings the randomness: the executable seeds
/// from the system, tests from a constant.
package enum BackgroundWork {
    /// The runner: the pipeline `fcgen generate` builds from `factory` on the service's store, with the budgets the
    /// command line has (``GenerationBudgets``) and the offline recordings' check.
    package static func generationRunner(
        factory: PipelineFactory, store: Store, environment: ServiceEnvironment, transport: HTTPClientTransport,
        random: RandomSource, logger: Logger
    ) throws -> GenerationRunner {
        let pipeline = try factory.makePipeline(
            store: store, transport: transport, clock: ContinuousClock(), random: random,
            events: { event in logger.log(event) })
        let budgets = GenerationBudgets(
            store: store, overall: factory.settings.dailyBudget, pricing: pipeline.pricing,
            now: environment.settings.now)
        let registry = environment.generations
        registry.useBudgets(budgets)
        registry.useOfflineRecordings { topic in factory.missingOfflineRecording(topic: topic) }
        let metrics = environment.metrics
        return GenerationRunner(
            work: registry.work, pipeline: pipeline, options: factory.generationOptions(strict: false),
            budgets: budgets.run,
            events: { event in
                logger.log(event)
                switch event {
                case .batchCommitted(_, let summary): metrics.countBatch(summary)
                case .finished(_, _, let failure):
                    metrics.countGeneration(status: failure == nil ? "succeeded" : "failed")
                default: break
                }
            },
            onStop: { [weak registry] in registry?.endStreams() })
    }

    /// What an instance that runs no generations (`fcgen serve --no-generations`) needs to queue them for another
    /// instance or a worker with the same checks as one that runs them: the budgets from the settings' prices and
    /// daily budget, and the offline recordings' check. No pipeline, so no provider key is needed here.
    package static func generationQueue(factory: PipelineFactory, environment: ServiceEnvironment) {
        let settings = factory.settings
        environment.generations.useBudgets(
            GenerationBudgets(
                store: environment.store, overall: settings.dailyBudget,
                pricing: Pricing(
                    prices: settings.prices, model: settings.model, maxOutputTokens: settings.maxOutputTokens),
                now: environment.settings.now))
        environment.generations.useOfflineRecordings { topic in factory.missingOfflineRecording(topic: topic) }
    }

    /// The worker `fcgen-worker` would build from the same settings, on its own store handle, with the factory's
    /// concurrency: its job leases are the ones separate workers take, so they share the load.
    package static func refillWorker(
        factory: PipelineFactory, workerID: String, transport: HTTPClientTransport, random: RandomSource,
        logger: Logger, events: @escaping WorkerEventHandler
    ) async throws -> RefillWorker {
        let settings = factory.settings
        let pipeline = try await factory.makePipeline(
            transport: transport, clock: ContinuousClock(), random: random, now: .system,
            events: { event in
                if case .generator(let generatorEvent) = event { logger.log(generatorEvent) }
            })
        var options = RefillOptions(
            workerID: workerID, concurrency: settings.concurrency, lease: .seconds(300), maxAttempts: 5,
            defaultBatchSize: settings.cardsPerBatch, avoidListLimit: settings.avoidListLimit, topUp: false,
            dailyBudget: settings.dailyBudget)
        options.cardKinds = settings.cardKinds
        options.review = settings.review
        options.fallbackRetries = settings.effectiveFallbackRetries
        return RefillWorker(
            pipeline: pipeline, options: options, clock: ContinuousClock(), random: random, events: events)
    }
}

/// The refill worker as a service of the group (`fcgen serve --workers N`): on graceful shutdown it claims no more
/// jobs and lets the ones in flight finish; a job cancelled past that gives its lease back, so the next worker
/// picks it up.
package struct RefillService: Service, CustomStringConvertible {
    package let worker: RefillWorker
    package let interval: Duration

    package init(worker: RefillWorker, interval: Duration) {
        self.worker = worker
        self.interval = interval
    }

    package var description: String { "RefillService(\(worker.options.workerID))" }

    package func run() async throws {
        let (worker, interval) = (worker, interval)
        await withGracefulShutdownHandler {
            await worker.run(every: interval)
        } onGracefulShutdown: {
            worker.stop.request()
        }
    }
}
