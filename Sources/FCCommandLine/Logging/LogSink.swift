package import Foundation

/// Where a log handler's lines go and what time it is: stderr and the system clock, or a test's capture.
package struct LogSink: Sendable {
    /// Writes one line (without its newline).
    package var write: @Sendable (String) -> Void
    /// The time stamped on a line.
    package var now: @Sendable () -> Date

    /// A sink with its own writer and clock (tests).
    package init(write: @escaping @Sendable (String) -> Void, now: @escaping @Sendable () -> Date) {
        self.write = write
        self.now = now
    }

    /// Lines to stderr, stamped with the system time.
    package static let standardError = LogSink(write: { StandardError.write($0) }, now: { Date() })
}
