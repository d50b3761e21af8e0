import Foundation
import Synchronization

/// The one writer of stderr lines in both executables, so log lines from concurrent jobs and other diagnostics
/// never interleave mid-line.
package enum StandardError {
    private static let lock = Mutex(())

    /// Writes `text` and a newline (unless it already ends in one) to stderr.
    package static func write(_ text: String) {
        let line = text.hasSuffix("\n") ? text : text + "\n"
        lock.withLock { _ in CommandIO.writeError(Array(line.utf8)) }
    }
}
