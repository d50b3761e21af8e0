import Synchronization

/// Faults a test can arm on one store, read by every transaction it runs.
package final class StoreSeams: Sendable {
    private let state = Mutex(State())

    private struct State {
        var faultAfterCardInserts: Int?
        var faultAfterReviewInsert = false
        var busyRetries = 0
        var sharedCommits = 0
    }

    init() {}

    /// When set to `n`, storing a batch throws ``StoreError/injectedFault(afterCardInserts:)`` once `n` cards of
    /// the batch are inserted (0: right after the batch row), inside the transaction, so tests can check that
    /// nothing of a failed batch remains.
    var faultAfterCardInserts: Int? {
        get { state.withLock { $0.faultAfterCardInserts } }
        set { state.withLock { $0.faultAfterCardInserts = newValue } }
    }

    /// When `true`, recording a review throws ``StoreError/injectedFault(afterCardInserts:)`` after writing the
    /// review row, before the card state.
    var faultAfterReviewInsert: Bool {
        get { state.withLock { $0.faultAfterReviewInsert } }
        set { state.withLock { $0.faultAfterReviewInsert = newValue } }
    }

    /// How many transactions committed a group of two or more grouped writes (``Store/writeGrouped(_:_:)``).
    package var sharedCommits: Int {
        get { state.withLock { $0.sharedCommits } }
        set { state.withLock { $0.sharedCommits = newValue } }
    }

    /// How many times a patient write found the database busy and asked again (tests watch it climb).
    package var busyRetries: Int {
        get { state.withLock { $0.busyRetries } }
        set { state.withLock { $0.busyRetries = newValue } }
    }
}
