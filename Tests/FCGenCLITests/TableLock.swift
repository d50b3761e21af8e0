import FCStore
import Foundation

/// A PostgreSQL lock held in an open transaction on a connection of its own, until ``release()``: how a test stops
/// another process's transaction at a chosen statement (a worker's commit at its first card insert).
///
/// The connection lives on a thread of its own, which blocks while the lock is held (the adapter blocks its thread,
/// so it must never run on Swift's cooperative pool).
final class TableLock: @unchecked Sendable {
    private let released = DispatchSemaphore(value: 0)
    private let finished = DispatchSemaphore(value: 0)

    private init() {}

    /// Opens a connection to `url`, begins a transaction and runs `statement` (`LOCK TABLE …`) in it.
    static func take(_ statement: String, in url: String) async throws -> TableLock {
        let lock = TableLock()
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            let thread = Thread {
                defer { lock.finished.signal() }
                let connection: PostgresSQLConnection
                do {
                    connection = try PostgresSQLConnection.connect(to: try PostgresTarget(url: url))
                    try connection.execute("BEGIN", operation: "begin test lock")
                    try connection.execute(statement, operation: "take test lock")
                } catch {
                    continuation.resume(throwing: error)
                    return
                }
                continuation.resume()
                lock.released.wait()
                try? connection.execute("ROLLBACK", operation: "release test lock")
                connection.close()
            }
            thread.start()
        }
        return lock
    }

    /// Ends the transaction (its lock with it) and waits until the connection is closed.
    func release() async {
        released.signal()
        let finished = finished
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            Thread {
                finished.wait()
                finished.signal()
                continuation.resume()
            }.start()
        }
    }

    deinit {
        // A test that failed before releasing must not leave the thread waiting forever.
        released.signal()
    }
}
