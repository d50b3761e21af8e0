import NIOCore
import PostgresNIO

/// A connection leased from a `PostgresClient` pool for a synchronous caller.
///
/// The pool lends connections only for the duration of an async closure (`withConnection`). The lease starts that
/// closure in a task, hands its connection to the waiting thread, and keeps the closure suspended on a promise
/// until ``release()``, when the connection goes back to the pool.
final class PostgresLease: Sendable {
    /// The leased connection; valid until ``release()``.
    let connection: PostgresConnection
    private let released: EventLoopPromise<Void>

    private init(connection: PostgresConnection, released: EventLoopPromise<Void>) {
        self.connection = connection
        self.released = released
    }

    /// Leases a connection, blocking the calling thread (a store thread) until the pool has one or `timeout`
    /// passes.
    ///
    /// - Throws: ``StoreError/cannotOpen(path:message:)`` naming `target` when the pool cannot connect in time (it
    ///   keeps retrying an unreachable server, so only the deadline ends the wait).
    static func acquire(from client: PostgresClient, target: String, timeout: Duration) throws -> PostgresLease {
        let handoff = PostgresHandoff<Result<PostgresLease, any Error>>()
        let task = Task(executorPreference: PostgresTaskExecutor.shared) {
            do {
                try await client.withConnection { connection in
                    let released = connection.eventLoop.makePromise(of: Void.self)
                    handoff.deliver(.success(PostgresLease(connection: connection, released: released)))
                    try await released.futureResult.get()
                }
            } catch {
                // Only a failed lease reaches here: once handed out, the promise never fails.
                handoff.deliver(.failure(error))
            }
        }
        let outcome: Result<PostgresLease, any Error>
        if let delivered = handoff.wait(timeout: timeout) {
            outcome = delivered
        } else {
            // Cancelling withdraws the request from the pool, which then answers at once (or, if a connection came
            // just now, with that connection, which is then used).
            task.cancel()
            outcome = handoff.wait()
            if case .failure = outcome {
                throw StoreError.cannotOpen(
                    path: target, message: "no connection within \(timeout) (is the server reachable?)")
            }
        }
        switch outcome {
        case .success(let lease): return lease
        case .failure(let error): throw PostgresErrors.openFailure(error, target: target)
        }
    }

    /// Gives the connection back to the pool.
    func release() {
        released.succeed(())
    }
}
