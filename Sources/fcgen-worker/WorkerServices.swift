import Logging
import ServiceLifecycle
import UnixSignals

/// The worker's service group: signal handling, the grace period and the order services stop in.
///
/// ```swift
/// try await WorkerServices(logger: logger, grace: grace).group(running: refill).run()
/// ```
///
/// SIGINT and SIGTERM start a graceful shutdown: the group tells its services to finish, in reverse order of
/// ``group(running:)``'s list, and cancels whatever is still running after `--grace`. A service the refill jobs
/// depend on (such as an HTTP client that must shut down after the last request) belongs in `dependencies`, before
/// the refill service, so it stops only after the jobs are done.
struct WorkerServices {
    let logger: Logger
    /// `--grace`: how long in-flight jobs may take after the first signal.
    let grace: DurationArgument
    /// Whether SIGINT and SIGTERM stop the group: the worker's own process, not a round run in a caller's world
    /// (the test suite's), whose signals are the caller's.
    var trapsSignals = true

    /// A group running `dependencies`, the second-signal watcher, `beside` (the generation listener and runner) and
    /// `refill`, stopping them in reverse order.
    ///
    /// When the refill service returns (`--once`), the group shuts the others down gracefully; when it or one of
    /// `beside` throws, the group does the same and rethrows its error. A second signal cancels the whole group at
    /// once.
    func group(
        running refill: RefillService, beside: [any Service] = [],
        dependencies: [ServiceGroupConfiguration.ServiceConfiguration] = []
    ) -> ServiceGroup {
        let watcher: [ServiceGroupConfiguration.ServiceConfiguration] =
            trapsSignals
            ? [
                .init(
                    service: SecondSignalService(logger: logger, grace: grace),
                    successTerminationBehavior: .ignore, failureTerminationBehavior: .cancelGroup)
            ] : []
        let others = beside.map {
            ServiceGroupConfiguration.ServiceConfiguration(
                service: $0, successTerminationBehavior: .gracefullyShutdownGroup,
                failureTerminationBehavior: .gracefullyShutdownGroup)
        }
        let services =
            dependencies + watcher + others + [
                .init(
                    service: refill,
                    successTerminationBehavior: .gracefullyShutdownGroup,
                    failureTerminationBehavior: .gracefullyShutdownGroup)
            ]
        var configuration = ServiceGroupConfiguration(
            services: services, gracefulShutdownSignals: trapsSignals ? [.sigterm, .sigint] : [], logger: logger)
        configuration.maximumGracefulShutdownDuration = grace.duration
        return ServiceGroup(configuration: configuration)
    }
}
