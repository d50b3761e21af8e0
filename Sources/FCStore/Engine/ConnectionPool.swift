import NIOPosix
import Synchronization

/// SQLite connections that live on the pool's own threads, never on Swift's cooperative thread pool.
///
/// `sqlite3_step` blocks: on a write lock held by another process (up to the busy timeout), on the disk, on a
/// long query. On the cooperative pool (one thread per core, two here) one such wait stalls half of every other
/// task in the process, so every statement runs on a `NIOThreadPool` thread instead and the caller awaits it.
/// The pool holds as many connections as it has threads, opened lazily, each used by one thread at a time; a
/// closure borrows one for its whole length, as GRDB's `DatabasePool` lends a reader or its writer.
final class ConnectionPool: Sendable {
    private let threads: NIOThreadPool
    /// Threads, and so connections at most.
    let capacity: Int
    /// The database's path, named when the pool has stopped.
    private let path: String
    private let open: @Sendable () throws -> any SQLConnection
    private let state = Mutex(State())

    private struct State {
        var idle: [LentConnection] = []
        var opened = 0
    }

    /// - Parameters:
    ///   - path: The database's path, for errors.
    ///   - size: Threads, and so connections at most.
    ///   - first: An open connection to start with (the writer, opened and migrated by the store's init).
    ///   - open: Opens and configures another connection, on a pool thread, when all are busy.
    init(
        path: String, size: Int, first: (any SQLConnection)? = nil,
        open: @escaping @Sendable () throws -> any SQLConnection
    ) {
        threads = NIOThreadPool(numberOfThreads: size)
        threads.start()
        capacity = size
        self.path = path
        self.open = open
        if let first {
            state.withLock {
                $0.idle.append(LentConnection(first))
                $0.opened = 1
            }
        }
    }

    deinit {
        threads.shutdownGracefully { _ in }
    }

    /// A new connection of the pool's kind that the pool does not lend: for work that needs a second database's
    /// connection on a thread the pool does not own (copying one store into another, on the target's writer
    /// thread). The caller uses it on that one thread and lets it go.
    func openDetached() throws -> any SQLConnection {
        try open()
    }

    /// Closes the connections nobody is using (all of them once the store is going away).
    func closeIdle() {
        let idle = state.withLock { state in
            defer { state.idle = [] }
            return state.idle
        }
        _ = idle  // released here, closing each connection
    }

    /// Runs `body` on a pool thread with a connection no other thread uses meanwhile.
    ///
    /// `body` is escaping because the pool's thread may still hold its work item for a moment after the caller has
    /// resumed, which `withoutActuallyEscaping` reports as an escape. Task cancellation does not stop it: the
    /// store's operations are short, and a cancelled worker must still be able to release its leases (NIO's
    /// `runIfActive` would drop queued work of a cancelled task).
    func run<T: Sendable>(_ body: @escaping @Sendable (any SQLConnection) throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            threads.submit { state in
                guard case .active = state else {
                    return continuation.resume(throwing: StoreError.closed(path: self.path))
                }
                continuation.resume(
                    with: Result {
                        let lent = try self.checkOut()
                        defer { self.checkIn(lent) }
                        return try body(lent.connection)
                    })
            }
        }
    }

    /// Runs `body` on a pool thread with a connection, without waiting for it; `closed` instead when the pool has
    /// stopped or no connection could be opened.
    func submit(
        _ body: @escaping @Sendable (any SQLConnection) -> Void, closed: @escaping @Sendable () -> Void
    ) {
        threads.submit { state in
            guard case .active = state, let lent = try? self.checkOut() else { return closed() }
            defer { self.checkIn(lent) }
            body(lent.connection)
        }
    }

    private func checkOut() throws -> LentConnection {
        let reuse: LentConnection? = state.withLock { state in
            if let idle = state.idle.popLast() { return idle }
            // One connection per thread: a thread that finds none idle may open one.
            precondition(state.opened < capacity, "more connections in use than the pool has threads")
            state.opened += 1
            return nil
        }
        if let reuse { return reuse }
        do {
            return LentConnection(try open())
        } catch {
            state.withLock { $0.opened -= 1 }
            throw error
        }
    }

    private func checkIn(_ lent: LentConnection) {
        state.withLock { $0.idle.append(lent) }
    }
}

/// A connection on its way between pool threads.
///
/// `@unchecked Sendable` because `Connection` is not thread-safe and says so: the pool hands each connection to one
/// thread at a time (check-out and check-in go through the pool's mutex, which orders the hand-over), so no two
/// threads ever touch it at once.
private final class LentConnection: @unchecked Sendable {
    let connection: any SQLConnection
    init(_ connection: any SQLConnection) { self.connection = connection }
}
