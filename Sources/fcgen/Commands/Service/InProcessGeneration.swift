import FCCommandLine
import FCContract
import FCCore
import FCGenerator
import FCPipeline
import FCService
import FCStore
import Foundation
import Logging

/// The generation runner of `fcgen serve`: the pipeline `fcgen generate` builds from the same settings (the
/// fixture provider with `--offline`; otherwise the configured provider, its API key from the environment only),
/// on the server's store, with the budgets the command line has (``GenerationBudgets``).
enum InProcessGeneration {
    /// The runner, or `nil` when the settings cannot make a pipeline (a missing API key, say): the server still
    /// starts, and every generation request is refused with that problem.
    static func runner(
        global: GlobalOptions, offline: Bool, store: Store, environment: ServiceEnvironment,
        transport: HTTPClientTransport, logger: Logger
    ) -> GenerationRunner? {
        do {
            var flags = ConfigLayer()
            if offline { flags.provider = "fixture" }
            let (settings, _) = try global.loadSettings(flags: flags)
            let factory = PipelineFactory(
                settings: settings, environment: ProcessInfo.processInfo.environment,
                workingDirectory: global.workingDirectory)
            // The executable is where randomness enters.
            let pipeline = try factory.makePipeline(
                store: store, transport: transport, clock: ContinuousClock(),
                random: RandomSource(seed: UInt64.random(in: .min ... .max)),
                events: { event in logger.log(event) })
            environment.generations.useBudgets(
                GenerationBudgets(
                    store: store, overall: settings.dailyBudget, pricing: pipeline.pricing,
                    now: environment.settings.now))
            environment.generations.useOfflineRecordings { topic in factory.missingOfflineRecording(topic: topic) }
            return GenerationRunner(
                registry: environment.generations, pipeline: pipeline,
                options: factory.generationOptions(strict: false), metrics: environment.metrics, logger: logger)
        } catch {
            let code = ErrorCode(for: error)
            environment.generations.markUnavailable(
                Problem(code, detail: "generation is unavailable in this server: \(error)"))
            logger.warning(
                "generation over HTTP is unavailable: \(error)",
                metadata: ["event": "generation_unavailable", "code": .string(code.rawValue)])
            return nil
        }
    }
}
