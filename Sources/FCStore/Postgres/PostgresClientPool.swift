import Logging
import PostgresNIO
import Synchronization

/// A PostgreSQL store's connections of one kind (its writers or its readers), lent by postgres-nio's
/// `PostgresClient`: the library opens them as transactions need them (up to ``capacity``), queues the tasks that
/// find them all lent, keeps idle ones alive, closes those unused for a minute and opens new ones after a server
/// restart.
///
/// **Its life is the store's.** The client's `run()` runs in a detached task from the store's opening to its
/// ``closeAndWait()``. Detached, because `PostgresClient.run()` ends at a service group's graceful shutdown when it
/// runs inside one, and a store must outlive that shutdown: `fcgen serve` answers the requests in flight and a
/// worker stores the batches in flight after the signal, and both open their store before their group starts.
///
/// **What the server prepared stays known.** Each connection the client lends gets one ``PostgresSQLConnection``
/// (kept here by the connection's id), so the statements prepared on it (the hot paths') are prepared once per
/// connection, not once per lease.
final class PostgresClientPool: ConnectionLending {
    let capacity: Int
    let turnExecutor: SerialQueueExecutor? = nil
    private let client: PostgresClient
    private let target: PostgresTarget
    private let running: Task<Void, Never>
    private let adapters = Mutex<[PostgresConnection.ID: Adapter]>([:])
    /// Set by ``close()``: a lease refused after it is the store's closing, not a server's fault (the client's own
    /// error for it comes from a module postgres-nio does not promise).
    private let closed = Atomic(false)

    /// - Parameters:
    ///   - target: The server and database.
    ///   - size: Connections open at most.
    init(target: PostgresTarget, size: Int) {
        capacity = size
        self.target = target
        let client = PostgresClient(
            configuration: target.clientConfiguration(maximumConnections: size), backgroundLogger: .postgresStore)
        self.client = client
        running = Task.detached { await client.run() }
    }

    deinit {
        running.cancel()
    }

    /// Task cancellation does not stop it, as on SQLite: the store's operations are short, and a cancelled worker
    /// must still give its jobs back. The client refuses to lend to a cancelled task, so such a task's lease is asked
    /// for by a task of its own (``uncancelled(_:)``).
    func run<T: Sendable>(_ body: @Sendable (any SQLConnection) async throws -> T) async throws -> T {
        if Task.isCancelled { return try await uncancelled(body) }
        do {
            return try await lend(body)
        } catch Lease.refused(let error) where error is CancellationError {
            // Cancelled while waiting for a connection: ask again where cancellation does not reach.
            return try await uncancelled(body)
        } catch Lease.refused(let error) {
            throw leaseFailure(error)
        }
    }

    func withDetached<T: Sendable>(_ body: (any SQLConnection) async throws -> T) async throws -> T {
        do {
            return try await lend(body)
        } catch Lease.refused(let error) {
            throw leaseFailure(error)
        }
    }

    /// `body` with a connection of the client's; a failure to get one comes back as ``Lease/refused(_:)``, told
    /// apart from `body`'s own errors, which pass unchanged.
    private func lend<T: Sendable>(_ body: (any SQLConnection) async throws -> T) async throws -> T {
        var lent = false
        do {
            return try await client.withConnection { connection in
                lent = true
                let adapter = adapter(for: connection)
                return try await withTaskExecutorPreference(adapter.connection.executor) {
                    try await body(adapter.connection)
                }
            }
        } catch  where !lent {
            throw Lease.refused(error)
        }
    }

    /// Why a lease failed, before any of `body` ran.
    private enum Lease: Error {
        case refused(any Error)
    }

    /// ``run(_:)`` in a task of its own, which the caller's cancellation does not reach; the caller waits for it,
    /// so `body` does not outlive the call.
    private func uncancelled<T: Sendable>(_ body: @Sendable (any SQLConnection) async throws -> T) async throws -> T {
        try await withoutActuallyEscaping(body) { body in
            try await Task { try await self.run(body) }.value
        }
    }

    func close() {
        closed.store(true, ordering: .sequentiallyConsistent)
        running.cancel()
    }

    func closeAndWait() async {
        close()
        await running.value
        adapters.withLock { $0.removeAll() }
    }

    /// The adapter of `connection`, made the first time the client lends it. Adapters of connections the client
    /// has closed since (idle too long, or lost) are let go then.
    private func adapter(for connection: PostgresConnection) -> Adapter {
        adapters.withLock { adapters in
            if let known = adapters[connection.id] { return known }
            adapters = adapters.filter { !$0.value.connection.connection.isClosed }
            let made = Adapter(
                PostgresSQLConnection(
                    connection: connection, target: target.description, logger: .postgresStore,
                    ownsConnection: false))
            adapters[connection.id] = made
            return made
        }
    }

    /// A failed lease: the store closed, or no connection could be opened (named as opening a connection fails).
    private func leaseFailure(_ error: any Error) -> StoreError {
        if closed.load(ordering: .sequentiallyConsistent) { return .closed(path: target.description) }
        return PostgresErrors.openFailure(error, target: target.description)
    }

    /// One connection's adapter, kept across the leases of that connection; a lease's body runs on the
    /// connection's event loop (``PostgresSQLConnection/executor``).
    ///
    /// `@unchecked Sendable`: the adapter is not thread-safe, and the client lends its connection to one task at a
    /// time, so only the task holding the lease ever uses it.
    private final class Adapter: @unchecked Sendable {
        let connection: PostgresSQLConnection
        init(_ connection: PostgresSQLConnection) {
            self.connection = connection
        }
    }
}
