import Synchronization

/// Faults a test can arm on one store, read by every transaction it runs.
package final class StoreSeams: Sendable {
    private let state = Mutex(State())

    private struct State {
        var faultAfterCardInserts: Int?
        var faultAfterReviewInsert = false
        var busyRetries = 0
        var sharedCommits = 0
        var longestWriteHold: WriteHold?
        var importMoveChunkCommitted: (@Sendable (Int64) async throws -> Void)?
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

    /// Counts one shared commit (writers on several threads commit groups at once on PostgreSQL).
    func noteSharedCommit() {
        state.withLock { $0.sharedCommits += 1 }
    }

    /// How many times a patient write found the database busy and asked again (tests watch it climb).
    package var busyRetries: Int {
        get { state.withLock { $0.busyRetries } }
        set { state.withLock { $0.busyRetries = newValue } }
    }

    /// The longest a committed ``Store/write(_:patience:_:)`` held the write transaction open (from its first
    /// statement to the end of its commit), and which operation it was: how long it kept other writers waiting.
    package var longestWriteHold: WriteHold? {
        get { state.withLock { $0.longestWriteHold } }
        set { state.withLock { $0.longestWriteHold = newValue } }
    }

    /// Called after each committed chunk of an import's move into a hidden topic, with that topic's id, before the
    /// next chunk starts: a test reads the store there to see that nothing of the import shows, or throws to fail the
    /// import there.
    package var importMoveChunkCommitted: (@Sendable (Int64) async throws -> Void)? {
        get { state.withLock { $0.importMoveChunkCommitted } }
        set { state.withLock { $0.importMoveChunkCommitted = newValue } }
    }

    func recordWriteHold(_ operation: String, _ duration: Duration) {
        state.withLock { state in
            if duration > state.longestWriteHold?.duration ?? .zero {
                state.longestWriteHold = WriteHold(operation: operation, duration: duration)
            }
        }
    }
}

/// One write transaction's time holding the write lock.
package struct WriteHold: Sendable, Hashable {
    package var operation: String
    package var duration: Duration
}
