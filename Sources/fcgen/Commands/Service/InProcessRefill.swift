import FCCommandLine
import FCCore
import FCGenerator
import FCPipeline
import FCService
import Foundation
import Logging

/// `fcgen serve --workers N`: the refill worker in the server's process and service group (``RefillService``), on
/// the same job leases as `fcgen-worker`, so separate workers can share the load.
enum InProcessRefill {
    /// The worker `fcgen-worker` would build from the same settings, with `concurrency` jobs at once.
    static func make(
        global: GlobalOptions, offline: Bool, concurrency: Int, transport: HTTPClientTransport, logger: Logger
    ) async throws -> RefillWorker {
        var flags = ConfigLayer()
        if offline { flags.provider = "fixture" }
        flags.concurrency = concurrency
        let (settings, _) = try global.loadSettings(flags: flags)
        let factory = PipelineFactory(
            settings: settings, environment: CommandIO.environment,
            workingDirectory: global.workingDirectory)
        let process = ProcessInfo.processInfo
        // The executable is where randomness enters.
        return try await BackgroundWork.refillWorker(
            factory: factory, workerID: "\(process.hostName):\(process.processIdentifier):serve",
            transport: transport, random: RandomSource(seed: UInt64.random(in: .min ... .max)), logger: logger,
            events: { logger.log($0) })
    }
}
