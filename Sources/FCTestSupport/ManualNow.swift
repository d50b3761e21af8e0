package import FCCore
package import Foundation
import Synchronization

/// A wall clock that tests move by hand: hand ``now`` to a store, then ``advance(by:)`` past a lease or backoff.
///
/// ```swift
/// let time = ManualNow(Date(timeIntervalSince1970: 1_700_000_000))
/// let store = try await Store.open(path: database.path, now: time.now)
/// time.advance(by: 301) // the 5-minute lease has expired
/// ```
package final class ManualNow: Sendable {
    private let current: Mutex<Date>

    package init(_ start: Date = Date(timeIntervalSince1970: 1_700_000_000)) {
        current = Mutex(start)
    }

    /// The `Now` to inject; it reads this object's current date.
    package var now: Now {
        Now { self.current.withLock { $0 } }
    }

    /// The current date.
    package var date: Date { current.withLock { $0 } }

    /// Moves the clock forward by `seconds`.
    package func advance(by seconds: TimeInterval) {
        current.withLock { $0 = $0.addingTimeInterval(seconds) }
    }
}
