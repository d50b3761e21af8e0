import FCCommandLine
import FCContract
import FCCore
import FCGenerator
import FCPipeline
import Foundation
import Logging
import ServiceLifecycle

/// `fcgen serve --workers N`: the refill worker in the server's process and service group, on the same job leases
/// as `fcgen-worker`, so separate workers can share the load.
///
/// On graceful shutdown the worker claims no more jobs and lets the ones in flight finish; a job cancelled past
/// that gives its lease back, so the next worker picks it up.
struct InProcessRefill: Service, CustomStringConvertible {
    let worker: RefillWorker
    let interval: Duration

    var description: String { "InProcessRefill(\(worker.options.workerID))" }

    func run() async throws {
        let (worker, interval) = (worker, interval)
        await withGracefulShutdownHandler {
            await worker.run(every: interval)
        } onGracefulShutdown: {
            worker.stop.request()
        }
    }

    /// The worker `fcgen-worker` would build from the same settings, with `concurrency` jobs at once.
    static func make(
        global: GlobalOptions, offline: Bool, concurrency: Int, transport: HTTPClientTransport, logger: Logger
    ) async throws -> RefillWorker {
        var flags = ConfigLayer()
        if offline { flags.provider = "fixture" }
        flags.concurrency = concurrency
        let (settings, _) = try global.loadSettings(flags: flags)
        let environment = ProcessInfo.processInfo.environment
        let factory = PipelineFactory(
            settings: settings, environment: environment, workingDirectory: global.workingDirectory)
        // The executable is where randomness enters.
        let random = RandomSource(seed: UInt64.random(in: .min ... .max))
        let pipeline = try await factory.makePipeline(
            transport: transport, clock: ContinuousClock(), random: random, now: .system,
            events: { event in
                if case .generator(let generatorEvent) = event { logger.log(generatorEvent) }
            })
        let host = ProcessInfo.processInfo.hostName
        var options = RefillOptions(
            workerID: "\(host):\(ProcessInfo.processInfo.processIdentifier):serve", concurrency: concurrency,
            lease: .seconds(300), maxAttempts: 5, defaultBatchSize: settings.cardsPerBatch,
            avoidListLimit: settings.avoidListLimit, topUp: false, dailyBudget: settings.dailyBudget)
        options.cardKinds = settings.cardKinds
        options.review = settings.review
        return RefillWorker(
            pipeline: pipeline, options: options, clock: ContinuousClock(), random: random,
            events: { logger.log($0) })
    }
}
