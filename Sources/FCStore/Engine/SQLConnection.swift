/// What the store's queries need of a database connection, whichever engine is behind it.
///
/// Two implementations: ``Connection`` (SQLite, through its C API) and ``PostgresSQLConnection`` (PostgreSQL,
/// through postgres-nio). Each is used by one task at a time; the surface is `async` so that a PostgreSQL statement
/// awaits its answer without holding a thread, while SQLite's synchronous calls witness the same requirements and
/// run on the connection's own executor (``ConnectionPool``), never on Swift's cooperative pool. Every per-table
/// query (`Store/Store+*.swift`) is written once, in SQL both engines accept (parameters `$1`, `$2`, which both parse,
/// usually written as a ``StoreQuery``'s interpolated values), with ``SQLDialect`` fragments where they differ.
/// Why not a SQL builder (SQLKit): see `docs/store.md`.
protocol SQLConnection: AnyObject {
    /// Which SQL the connection speaks, for the fragments that differ.
    var dialect: SQLDialect { get }
    /// What errors name: the SQLite file's path, or the PostgreSQL URL without its password.
    var path: String { get }
    /// Rows changed by the last INSERT, UPDATE or DELETE; 0 when `ON CONFLICT DO NOTHING` skipped a row.
    var changes: Int { get async }
    /// The id the last INSERT gave its row.
    var lastInsertRowID: Int64 { get async }
    /// Whether a transaction is open.
    var isInsideTransaction: Bool { get }
    /// Statements sent to a server and the times the connection waited for their answers (PostgreSQL); 0 on
    /// SQLite, which runs each statement in the calling thread.
    var statementsSent: Int { get }
    var waits: Int { get }
    /// Statements prepared on the server for ``serverPreparedStatement(_:operation:)`` (PostgreSQL; 0 on SQLite):
    /// each once per connection, prepared with its first run, which is awaited and counted above.
    var serverPreparations: Int { get }

    /// Runs one or more statements that return no rows.
    func execute(_ sql: String, operation: String) async throws
    /// A statement of its own, for one use.
    func freshStatement(_ sql: String, operation: String) throws -> any SQLStatement
    /// The connection's cached statement for `sql` (prepared once, reused after a reset).
    func cachedStatement(_ sql: String, operation: String) throws -> any SQLStatement
    /// ``cachedStatement(_:operation:)`` for a statement on a hot path: PostgreSQL parses and plans it once per
    /// connection instead of at every run (a named prepared statement). Such a statement reports the rows it
    /// returned as its ``changes``, so use it for reads, `… RETURNING` writes and writes whose change count
    /// nobody reads. SQLite prepares every cached statement anyway.
    func serverPreparedStatement(_ sql: String, operation: String) throws -> any SQLStatement
    /// A write transaction around `body` (a savepoint when one is open already).
    func immediateTransaction<T>(_ operation: String, _ body: () async throws -> T) async throws -> T
    /// A read transaction around `body`: one snapshot for all its statements.
    func readTransaction<T>(_ body: () async throws -> T) async throws -> T
    /// `body`, which runs one statement, as its own snapshot: on PostgreSQL without `BEGIN` and `COMMIT` around it
    /// (a statement outside a transaction sees one snapshot by itself), two round trips fewer.
    func singleStatementRead<T>(_ body: () async throws -> T) async throws -> T
    /// Rolls back the open transaction, if any.
    func rollback() async
}

extension SQLConnection {
    /// Runs `body` with the cached statement for `sql`, reset afterwards.
    func withStatement<T>(_ sql: String, operation: String, _ body: (any SQLStatement) async throws -> T)
        async throws -> T
    {
        let statement = try cachedStatement(sql, operation: operation)
        defer { statement.reset() }
        return try await body(statement)
    }

    /// Runs `body` with the server-prepared statement for `sql` (``serverPreparedStatement(_:operation:)``), reset
    /// afterwards.
    func withServerPreparedStatement<T>(
        _ sql: String, operation: String, _ body: (any SQLStatement) async throws -> T
    ) async throws -> T {
        let statement = try serverPreparedStatement(sql, operation: operation)
        defer { statement.reset() }
        return try await body(statement)
    }

    /// A statement of its own, for one use (`persistent` only matters to SQLite's cache; see ``Connection``).
    func prepare(_ sql: String, operation: String) throws -> any SQLStatement {
        try freshStatement(sql, operation: operation)
    }
}

/// A prepared statement: parameters from 1 (`$1`), columns from 0, as in SQLite.
protocol SQLStatement: AnyObject {
    /// What the store is doing with it, for errors.
    var operation: String { get set }

    func bind(_ value: Int64, at index: Int32) throws
    func bind(_ value: Int, at index: Int32) throws
    func bind(_ value: Int?, at index: Int32) throws
    func bind(_ value: Int64?, at index: Int32) throws
    func bind(_ value: String, at index: Int32) throws
    func bind(_ value: String?, at index: Int32) throws
    func bind(_ value: Double?, at index: Int32) throws
    func bind(bytes: [UInt8], at index: Int32) throws
    func bindNull(at index: Int32) throws

    /// The next row: `true` when there is one.
    func step() async throws -> Bool
    /// Steps to the end, for statements that return no rows.
    func run() async throws
    /// ``run()`` for a statement whose answer nobody reads (no rows, its `changes` unread, no error caught at the
    /// call): PostgreSQL sends it without waiting, and the connection's next statement that waits (a read, a run,
    /// the commit) throws its failure, so the transaction still fails as a whole. SQLite runs it at once.
    func runPipelined() async throws
    /// Runs the statement now and keeps its answer for the next ``step()``: PostgreSQL sends it without waiting
    /// (that step waits, if the answer has not come yet), so several statements sent one after the other cost one
    /// wait; SQLite runs its first step at once. Nothing else may use the statement until that step; a reset
    /// before it leaves PostgreSQL's answer to the next wait, which throws its failure.
    func prefetch() async throws
    /// Ready to bind and run again.
    func reset()

    func isNull(at column: Int32) -> Bool
    func int64(at column: Int32) -> Int64
    func int(at column: Int32) -> Int
    func optionalInt(at column: Int32) -> Int?
    func optionalInt64(at column: Int32) -> Int64?
    func double(at column: Int32) -> Double
    func optionalDouble(at column: Int32) -> Double?
    func string(at column: Int32) -> String
    func optionalString(at column: Int32) -> String?
    func bytes(at column: Int32) -> [UInt8]
    func columnName(at column: Int32) -> String
    var columnCount: Int32 { get }
    /// Each column's SQLite storage class code (INTEGER 1, FLOAT 2, TEXT 3, BLOB 4, NULL 5).
    var columnTypes: [Int32] { get }
}

extension Connection: SQLConnection {
    var dialect: SQLDialect { .sqlite }
    var statementsSent: Int { 0 }
    var waits: Int { 0 }
    var serverPreparations: Int { 0 }

    func freshStatement(_ sql: String, operation: String) throws -> any SQLStatement {
        try prepare(sql, operation: operation, persistent: false) as Statement
    }

    func cachedStatement(_ sql: String, operation: String) throws -> any SQLStatement {
        try cached(sql, operation: operation)
    }

    func serverPreparedStatement(_ sql: String, operation: String) throws -> any SQLStatement {
        try cached(sql, operation: operation)
    }

    /// A read transaction as for any read: SQLite's costs nothing but two calls into the library.
    func singleStatementRead<T>(_ body: () async throws -> T) async throws -> T {
        try await readTransaction(body)
    }
}

extension Statement: SQLStatement {
    func runPipelined() throws { try run() }
}

extension PostgresSQLConnection: SQLConnection {
    var dialect: SQLDialect { .postgres }
    var path: String { target }

    func freshStatement(_ sql: String, operation: String) throws -> any SQLStatement {
        try prepare(sql, operation: operation, persistent: false) as PostgresSQLStatement
    }

    func cachedStatement(_ sql: String, operation: String) throws -> any SQLStatement {
        try cached(sql, operation: operation)
    }

    func serverPreparedStatement(_ sql: String, operation: String) throws -> any SQLStatement {
        try cached(sql, operation: operation, serverPrepared: true)
    }
}

extension PostgresSQLStatement: SQLStatement {}
