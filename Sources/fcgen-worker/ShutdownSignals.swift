import Dispatch
import Foundation
import Synchronization

/// Turns SIGINT/SIGTERM into a graceful stop (STYLE.md §30): the first signal calls `onFirst`, a second exits at once.
///
/// The default actions are ignored so the process is not killed; `DispatchSource` delivers the signals on a queue
/// instead, where ordinary Swift code may run (a C signal handler could not safely call into the worker). Keep the
/// object alive for as long as signals should be handled.
final class ShutdownSignals {
    private var sources: [any DispatchSourceSignal] = []

    init(onFirst: @escaping @Sendable (Int32) -> Void) {
        let counter = SignalCounter()
        for signalNumber in [SIGINT, SIGTERM] {
            signal(signalNumber, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
            source.setEventHandler {
                if counter.next() == 1 {
                    onFirst(signalNumber)
                } else {
                    // The second signal: the user means it. Leases left behind expire and the next run redoes the job.
                    _exit(128 + signalNumber)
                }
            }
            source.resume()
            sources.append(source)
        }
    }

    deinit {
        for source in sources { source.cancel() }
    }
}

/// Counts signals across the two sources' handlers.
private final class SignalCounter: Sendable {
    private let count = Mutex(0)

    func next() -> Int {
        count.withLock { value in
            value += 1
            return value
        }
    }
}
