import Synchronization

/// Carries the gamification decision out of the store's `@Sendable` transaction closure.
///
/// The closure runs synchronously inside the store's transaction; it may run more than once only if the caller
/// retries, and the last decision is the one that was committed.
final class DecisionBox: Sendable {
    private let value = Mutex<Gamifier.Decision?>(nil)

    func set(_ decision: Gamifier.Decision) {
        value.withLock { $0 = decision }
    }

    var decision: Gamifier.Decision? { value.withLock { $0 } }
}
