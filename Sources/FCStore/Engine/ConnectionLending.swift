/// Where a store's transactions get their connections: ``ConnectionPool`` for an SQLite file (each connection on a
/// thread of its own, since SQLite's calls block) and ``PostgresClientPool`` for a PostgreSQL server (postgres-nio's
/// `PostgresClient`, whose connections await their answers and hold no thread).
protocol ConnectionLending: Sendable {
    /// Connections lent at most at once: the rest wait, in the order they asked.
    var capacity: Int { get }
    /// Where work queued for the pool starts (a group commit's turn): the SQLite writer's own thread, so a turn
    /// waits for the connection and not for the cooperative pool; `nil` on PostgreSQL, whose turns never block.
    var turnExecutor: SerialQueueExecutor? { get }
    /// Runs `body` with a connection no other task uses meanwhile (on its own thread for SQLite).
    func run<T: Sendable>(_ body: @Sendable (any SQLConnection) async throws -> T) async throws -> T
    /// Runs `body` with a connection of the pool's kind, for work inside a closure another store lent, which needs
    /// this database too (copying one store into another): on SQLite a connection opened for it, outside the
    /// pool's count; on PostgreSQL a lease like any other, but one a cancelled task is refused.
    func withDetached<T: Sendable>(_ body: (any SQLConnection) async throws -> T) async throws -> T
    /// Lends nothing more, and closes the connections nobody is using.
    func close()
    /// ``close()``, returning once a PostgreSQL server has seen every connection closed (a database about to be
    /// dropped, or used as a template, must have none).
    func closeAndWait() async
}
