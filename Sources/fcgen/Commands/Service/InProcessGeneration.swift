import FCCommandLine
import FCContract
import FCCore
import FCGenerator
import FCPipeline
import FCService
import FCStore
import Foundation
import Logging

/// The generation runner of `fcgen serve` from the command line's settings (the fixture provider with `--offline`;
/// otherwise the configured provider, its API key from the environment only), assembled by ``BackgroundWork``; or,
/// with `--no-generations`, only what queueing them needs.
enum InProcessGeneration {
    /// The runner, or `nil` when the settings cannot make a pipeline (a missing API key, say): the server still
    /// starts, and every generation request is refused with that problem.
    static func runner(
        global: GlobalOptions, offline: Bool, store: Store, environment: ServiceEnvironment,
        transport: HTTPClientTransport, logger: Logger
    ) -> GenerationRunner? {
        do {
            // The executable is where randomness enters.
            return try BackgroundWork.generationRunner(
                factory: try factory(global: global, offline: offline), store: store, environment: environment,
                transport: transport, random: RandomSource(seed: UInt64.random(in: .min ... .max)), logger: logger)
        } catch {
            refuseGenerations(error, environment: environment, logger: logger)
            return nil
        }
    }

    /// `--no-generations`: generations are queued here, with the budgets and the offline check of the same settings,
    /// for another instance to run (no provider key needed); settings that cannot be loaded refuse
    /// them with that problem.
    static func queueOnly(global: GlobalOptions, offline: Bool, environment: ServiceEnvironment, logger: Logger) {
        do {
            BackgroundWork.generationQueue(
                factory: try factory(global: global, offline: offline), environment: environment)
        } catch {
            refuseGenerations(error, environment: environment, logger: logger)
        }
    }

    /// The pipeline factory of the command line's settings.
    private static func factory(global: GlobalOptions, offline: Bool) throws -> PipelineFactory {
        var flags = ConfigLayer()
        if offline { flags.provider = "fixture" }
        let (settings, _) = try global.loadSettings(flags: flags)
        return PipelineFactory(
            settings: settings, environment: CommandIO.environment, workingDirectory: global.workingDirectory)
    }

    /// Every generation request is refused with the problem `error` makes, said once in the log.
    private static func refuseGenerations(_ error: any Error, environment: ServiceEnvironment, logger: Logger) {
        let code = ErrorCode(for: error)
        environment.generations.markUnavailable(
            Problem(code, detail: "generation is unavailable in this server: \(error)"))
        logger.warning(
            "generation over HTTP is unavailable: \(error)",
            metadata: ["event": "generation_unavailable", "code": .string(code.rawValue)])
    }
}
