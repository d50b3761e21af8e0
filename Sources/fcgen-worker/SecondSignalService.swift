import Logging
import ServiceLifecycle
import UnixSignals

/// Watches SIGINT/SIGTERM next to the service group: announces the first, and turns a second into an immediate
/// stop.
///
/// The group handles the first signal itself (`gracefulShutdownSignals`), but it stops listening after it, and its
/// `cancellationSignals` must not overlap the graceful ones, so "press Ctrl-C again to stop now" needs this small
/// service. It uses the package's own `UnixSignalsSequence`, which, like the group, receives every signal. On the
/// second signal it throws ``SecondSignal``; its failure behaviour cancels the group, so in-flight jobs release
/// their leases at once instead of waiting out `--grace`, and `main` exits 128 + the signal number, as a shell
/// reports a process killed by that signal.
///
/// It ends on its own graceful shutdown, which the group sends only after the services listed after it (the
/// refill worker) have finished: put it before them.
struct SecondSignalService: Service {
    let logger: Logger
    /// `--grace`, for the announcement.
    let grace: DurationArgument

    func run() async throws {
        let signals = await UnixSignalsSequence(trapping: .sigterm, .sigint)
        var seen = 0
        for await signal in signals.cancelOnGracefulShutdown() {
            seen += 1
            if seen == 1 {
                let announcement =
                    "signal \(signal.rawValue) (\(signal)): claiming no more jobs; in-flight jobs get \(grace) to "
                    + "finish (a second signal stops them now)"
                logger.notice(
                    "\(announcement)",
                    metadata: ["event": "shutdown_requested", "signal": .stringConvertible(signal.rawValue)])
            } else {
                logger.warning(
                    "signal \(signal.rawValue) (\(signal)) again: stopping now; in-flight jobs release their leases",
                    metadata: ["event": "shutdown_escalated", "signal": .stringConvertible(signal.rawValue)])
                throw SecondSignal(number: signal.rawValue)
            }
        }
    }
}

/// A second shutdown signal arrived: stop at once.
struct SecondSignal: Error, CustomStringConvertible {
    /// The signal's number (2 for SIGINT, 15 for SIGTERM).
    var number: Int32

    var description: String { "stopped by a second signal \(number)" }

    /// The conventional status of a process ended by signal `number`.
    var exitStatus: Int32 { 128 + number }
}
