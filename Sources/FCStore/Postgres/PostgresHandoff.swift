import Dispatch
import Synchronization

/// One value handed from an async task to a thread that waits for it: the task calls ``deliver(_:)`` once, the
/// thread blocks in ``wait()`` until then.
final class PostgresHandoff<Value: Sendable>: Sendable {
    private let value = Mutex<Value?>(nil)
    private let ready = DispatchSemaphore(value: 0)

    func deliver(_ delivered: Value) {
        value.withLock { $0 = delivered }
        ready.signal()
    }

    func wait() -> Value {
        ready.wait()
        guard let delivered = value.withLock({ $0 }) else { preconditionFailure("signalled without a value") }
        return delivered
    }

    /// The value, or `nil` when none arrives within `timeout`.
    func wait(timeout: Duration) -> Value? {
        let nanoseconds = timeout.components.seconds * 1_000_000_000 + timeout.components.attoseconds / 1_000_000_000
        guard ready.wait(timeout: .now() + .nanoseconds(Int(nanoseconds))) == .success else { return nil }
        return value.withLock { $0 }
    }
}
