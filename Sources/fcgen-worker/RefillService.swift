import FCPipeline
import ServiceLifecycle
import Synchronization

/// The refill worker as a ServiceLifecycle service: `--once` runs one round, `--interval` runs rounds until stopped.
///
/// Graceful shutdown (the first SIGINT/SIGTERM, or the group ending) requests ``RefillWorker/stop``: the worker
/// claims no more jobs and lets in-flight jobs finish. If they outlast the group's
/// `maximumGracefulShutdownDuration` (`--grace`), the group cancels this service's task and the jobs give their
/// leases back, so the next run picks them up.
final class RefillService: Service {
    /// What the service runs.
    enum Schedule: Sendable {
        /// One round, then return (cron, systemd timers).
        case once
        /// A round every interval until stopped (a daemon).
        case every(Duration)
    }

    let worker: RefillWorker
    let schedule: Schedule
    private let round = Mutex<RoundSummary?>(nil)

    init(worker: RefillWorker, schedule: Schedule) {
        self.worker = worker
        self.schedule = schedule
    }

    /// The summary of the `--once` round, once it has finished.
    var finishedRound: RoundSummary? { round.withLock { $0 } }

    /// Whether a graceful shutdown asked the worker to stop before it was done.
    var wasStopped: Bool { worker.stop.isRequested }

    func run() async throws {
        let (worker, schedule) = (worker, schedule)
        try await withGracefulShutdownHandler {
            switch schedule {
            case .once:
                let summary = try await worker.runRound()
                round.withLock { $0 = summary }
            case .every(let interval):
                await worker.run(every: interval)
            }
        } onGracefulShutdown: {
            worker.stop.request()
        }
    }
}

extension RefillService: CustomStringConvertible {
    /// The name the service group uses in its log metadata.
    var description: String { "RefillService(\(worker.options.workerID))" }
}
