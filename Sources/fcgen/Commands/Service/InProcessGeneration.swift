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
/// otherwise the configured provider, its API key from the environment only), assembled by ``BackgroundWork``.
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
                settings: settings, environment: CommandIO.environment,
                workingDirectory: global.workingDirectory)
            // The executable is where randomness enters.
            return try BackgroundWork.generationRunner(
                factory: factory, store: store, environment: environment, transport: transport,
                random: RandomSource(seed: UInt64.random(in: .min ... .max)), logger: logger)
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
