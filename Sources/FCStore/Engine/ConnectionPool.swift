import NIOPosix
import Synchronization

/// An SQLite store's connections of one kind (its writer or its readers), lent to one task at a time (a PostgreSQL
/// store's come from postgres-nio's client: ``PostgresClientPool``).
///
/// Each connection lives in a ``ConnectionLane``: the connection and an executor of its own. SQLite's
/// `sqlite3_step` blocks (on a write lock held by another process, up to the busy timeout; on the disk; on a long
/// query), and on Swift's cooperative pool (one thread per core, two here) one such wait would stall half of every
/// other task in the process. So a closure lent an SQLite connection runs under that lane's executor (a serial
/// dispatch queue, whose threads are not the cooperative pool's) from its first statement to its last: its
/// statements never suspend, so the whole closure is one job there.
///
/// The pool opens connections lazily, up to its capacity; a task that finds them all lent waits (suspended, not
/// blocking a thread) for the next one handed back, in the order they asked, as GRDB's `DatabasePool` lends a
/// reader or its writer.
final class ConnectionPool: ConnectionLending {
    /// Connections at most.
    let capacity: Int
    /// The database's path, named when the pool has stopped.
    private let path: String
    private let open: @Sendable () async throws -> any SQLConnection
    private let state = Mutex(State())
    /// Where work queued for the pool starts (a group commit's turn): an executor of its own (the one writer's), so
    /// that a turn waits for the connection, not for a thread of the cooperative pool, however busy that is.
    let turnExecutor: SerialQueueExecutor?

    private struct State {
        var idle: [ConnectionLane] = []
        var opened = 0
        var waiting: [CheckedContinuation<ConnectionLane?, Never>] = []
        var isClosed = false
    }

    /// - Parameters:
    ///   - path: The database's path, for errors.
    ///   - size: Connections at most.
    ///   - first: An open connection to start with (the writer, opened and migrated by the store's init).
    ///   - open: Opens and configures another connection (on its lane's executor) when all are lent.
    init(
        path: String, size: Int, first: (any SQLConnection)? = nil,
        open: @escaping @Sendable () async throws -> any SQLConnection
    ) {
        capacity = size
        self.path = path
        self.open = open
        let firstLane = first.map { ConnectionLane($0) }
        // One SQLite writer: its turns start on its own executor, so a turn costs no extra hop.
        turnExecutor = firstLane?.executor ?? SerialQueueExecutor()
        if let firstLane {
            state.withLock {
                $0.idle.append(firstLane)
                $0.opened = 1
            }
        }
    }

    func withDetached<T: Sendable>(_ body: (any SQLConnection) async throws -> T) async throws -> T {
        try await body(try await open())
    }

    /// Closes the connections nobody is using, and refuses to lend any more (the store is going away).
    func close() {
        _ = closeIdle()
    }

    /// ``close()``: an SQLite connection closes when its lane is let go.
    func closeAndWait() async {
        close()
    }

    private func closeIdle() -> [ConnectionLane] {
        let (idle, waiting) = state.withLock { state in
            state.isClosed = true
            defer {
                state.idle = []
                state.waiting = []
            }
            return (state.idle, state.waiting)
        }
        for waiter in waiting { waiter.resume(returning: nil) }
        return idle  // released by the caller, closing each connection
    }

    /// Runs `body` with a connection no other task uses meanwhile, on the connection's executor when it has one.
    ///
    /// Task cancellation does not stop it: the store's operations are short, and a cancelled worker must still be
    /// able to release its leases.
    func run<T: Sendable>(_ body: @Sendable (any SQLConnection) async throws -> T) async throws -> T {
        let lane = try await checkOut()
        do {
            let result = try await withTaskExecutorPreference(lane.executor) {
                try await body(try await lane.connection(opening: open))
            }
            checkIn(lane)
            return result
        } catch {
            checkIn(lane)
            throw error
        }
    }

    private func checkOut() async throws -> ConnectionLane {
        enum Next {
            case lane(ConnectionLane)
            case wait
            case closed
        }
        let next: Next = state.withLock { state in
            if state.isClosed { return .closed }
            if let idle = state.idle.popLast() { return .lane(idle) }
            guard state.opened < capacity else { return .wait }
            state.opened += 1
            return .lane(ConnectionLane(nil))
        }
        switch next {
        case .lane(let lane): return lane
        case .closed: throw StoreError.closed(path: path)
        case .wait:
            let handed = await withCheckedContinuation { (continuation: CheckedContinuation<ConnectionLane?, Never>) in
                let closed = state.withLock { state in
                    // A lane may have come back between the two locks: take it instead of waiting.
                    if state.isClosed { return true }
                    if let idle = state.idle.popLast() {
                        continuation.resume(returning: idle)
                    } else {
                        state.waiting.append(continuation)
                    }
                    return false
                }
                if closed { continuation.resume(returning: nil) }
            }
            guard let handed else { throw StoreError.closed(path: path) }
            return handed
        }
    }

    private func checkIn(_ lane: ConnectionLane) {
        let waiter: CheckedContinuation<ConnectionLane?, Never>? = state.withLock { state in
            if !state.waiting.isEmpty { return state.waiting.removeFirst() }
            if !lane.isOpen {
                state.opened -= 1
            } else if !state.isClosed {
                state.idle.append(lane)
            }
            return nil
        }
        waiter?.resume(returning: lane)
    }
}

/// One connection of a pool and the executor its closures run on, handed from task to task.
///
/// `@unchecked Sendable` because a connection is not thread-safe and says so: the pool lends each lane to one task
/// at a time (check-out and check-in go through the pool's mutex, which orders the hand-over), so no two tasks ever
/// touch its connection at once.
final class ConnectionLane: @unchecked Sendable {
    private var opened: (any SQLConnection)?
    /// The serial executor the connection's closures run on.
    let executor: SerialQueueExecutor

    init(_ connection: (any SQLConnection)?) {
        opened = connection
        executor = SerialQueueExecutor()
    }

    /// Whether the lane holds a connection (a lane whose opening failed holds none, and opens again next time).
    var isOpen: Bool { opened != nil }

    /// The lane's connection, opened with `open` (on the lane's executor) the first time.
    func connection(
        opening open: @escaping @Sendable () async throws -> any SQLConnection
    ) async throws -> any SQLConnection {
        if let opened { return opened }
        let connection = try await Task(executorPreference: executor) { try await OpenedConnection(open()) }.value
        opened = connection.connection
        return connection.connection
    }
}

/// A task executor on a thread of its own: jobs run one at a time there, never on Swift's cooperative pool, so a job
/// that blocks (an SQLite statement waiting for a lock) stalls nothing else.
///
/// The thread is a one-thread `NIOThreadPool` waiting on a condition variable. A serial dispatch queue did the same
/// job, but measured slower under `fcgen-bench serve` (feed and reviews 0.81–0.89 of a thread pool's req/s, two
/// pairs at load 1.1–3.8): each enqueue woke one of dispatch's worker threads through a semaphore, and a `perf`
/// profile of the server spent 14 % of its samples switching tasks.
final class SerialQueueExecutor: TaskExecutor {
    private let thread: NIOThreadPool

    init() {
        thread = NIOThreadPool(numberOfThreads: 1)
        thread.start()
    }

    deinit {
        thread.shutdownGracefully { _ in }
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        thread.submit { _ in job.runSynchronously(on: executor) }
    }
}

/// A connection just opened, on its way from the task that opened it to the lane that keeps it.
///
/// `@unchecked Sendable`: only the opening task made it, and only the lane uses it afterwards.
private struct OpenedConnection: @unchecked Sendable {
    let connection: any SQLConnection
    init(_ connection: any SQLConnection) { self.connection = connection }
}
