import CSQLite

/// One SQLite database connection and its cache of prepared statements.
///
/// A connection is not thread-safe: it belongs to one of the store's connection pools, which lends it to one thread
/// at a time, as GRDB's `SerializedDatabase` owns its `Database`.
final class Connection {
    /// The path the connection was opened with; named in every error.
    let path: String
    /// The sqlite3 handle; only `Connection` and its extensions touch it.
    let handle: OpaquePointer
    /// Prepared statements by SQL text. Preparing costs more than running a small insert, so statements on the
    /// hot path (one per card) are prepared once per connection and reused after `sqlite3_reset`.
    private var statements: [String: Statement] = [:]
    /// What the connection's WAL hook calls (``WALCheckpointer/install(on:)``), kept alive as long as the handle.
    var walHookOwner: AnyObject?

    /// Opens the database file at `path`, creating it when `create` is set.
    ///
    /// - Throws: ``StoreError/cannotOpen(path:message:)`` with SQLite's message.
    init(path: String, create: Bool = true) throws {
        self.path = path
        var handle: OpaquePointer?
        // NOMUTEX selects SQLite's multi-thread mode: safe because the owning pool never lends the connection to
        // two threads at once (https://www.sqlite.org/threadsafe.html), and it skips a mutex per API call.
        // Without CREATE a file that vanished since the caller looked is an error, never a new empty database.
        let flags = SQLITE_OPEN_READWRITE | (create ? SQLITE_OPEN_CREATE : 0) | SQLITE_OPEN_NOMUTEX
        let code = sqlite3_open_v2(path, &handle, flags, nil)
        guard code == SQLITE_OK, let handle else {
            let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(code))
            // https://www.sqlite.org/c3ref/open.html
            // > Whether or not an error occurs when it is opened, resources associated with the database connection
            // > handle should be released by passing it to sqlite3_close() when it is no longer required.
            // (Closing a NULL pointer is a harmless no-op: https://www.sqlite.org/c3ref/close.html)
            sqlite3_close(handle)
            throw StoreError.cannotOpen(path: path, message: message)
        }
        self.handle = handle
        // Extended codes tell a UNIQUE violation (a raced batch number) from a FOREIGN KEY one (an unknown topic).
        sqlite3_extended_result_codes(handle, 1)
    }

    deinit {
        // Finalize cached statements first: https://www.sqlite.org/c3ref/close.html
        // > If the database connection is associated with unfinalized prepared statements [...] then
        // > sqlite3_close() will leave the database connection open and return SQLITE_BUSY.
        statements.removeAll()
        // close_v2 rather than close: should a statement still be alive somewhere, the handle becomes a "zombie"
        // that SQLite frees when that statement is finalized, instead of leaking (same page, sqlite3_close_v2).
        sqlite3_close_v2(handle)
    }

    /// Runs one or more SQL statements that return no rows (DDL, pragmas, migrations).
    func execute(_ sql: String, operation: String) throws {
        var errorMessage: UnsafeMutablePointer<CChar>?
        let code = sqlite3_exec(handle, sql, nil, nil, &errorMessage)
        guard code == SQLITE_OK else {
            let message = errorMessage.map { String(cString: $0) } ?? String(cString: sqlite3_errmsg(handle))
            sqlite3_free(errorMessage)
            throw StoreError.sqlite(
                path: path, operation: operation, code: sqlite3_extended_errcode(handle), message: message)
        }
    }

    /// Prepares a statement that is finalized when the returned object goes away.
    ///
    /// `persistent` hints SQLite that the statement will be reused many times (cached statements), so it keeps it
    /// out of the lookaside memory meant for short-lived ones (https://www.sqlite.org/c3ref/c_prepare_normalize.html).
    func prepare(_ sql: String, operation: String, persistent: Bool = false) throws -> Statement {
        var statementHandle: OpaquePointer?
        let flags = persistent ? UInt32(SQLITE_PREPARE_PERSISTENT) : 0
        let code = sqlite3_prepare_v3(handle, sql, -1, flags, &statementHandle, nil)
        guard code == SQLITE_OK, let statementHandle else {
            throw error(code: code, operation: operation)
        }
        return Statement(handle: statementHandle, path: path, operation: operation)
    }

    /// Runs `body` with the cached statement for `sql`, reset afterwards so it holds no locks or snapshots.
    func withStatement<T>(_ sql: String, operation: String, _ body: (Statement) throws -> T) throws -> T {
        let statement = try cached(sql, operation: operation)
        defer { statement.reset() }
        return try body(statement)
    }

    /// The cached statement for `sql`, prepared on first use.
    func cached(_ sql: String, operation: String) throws -> Statement {
        if let cached = statements[sql] {
            cached.operation = operation
            return cached
        }
        let statement = try prepare(sql, operation: operation, persistent: true)
        statements[sql] = statement
        return statement
    }

    /// The rowid of the most recent successful INSERT on this connection.
    var lastInsertRowID: Int64 { sqlite3_last_insert_rowid(handle) }

    /// Rows changed by the most recent INSERT, UPDATE or DELETE; 0 when `ON CONFLICT DO NOTHING` skipped a row.
    var changes: Int { Int(sqlite3_changes(handle)) }

    /// Whether a transaction is open (https://sqlite.org/c3ref/get_autocommit.html).
    var isInsideTransaction: Bool { sqlite3_get_autocommit(handle) == 0 }

    /// A ``StoreError`` carrying SQLite's current message for this connection.
    func error(code: Int32, operation: String) -> StoreError {
        let extended = sqlite3_extended_errcode(handle)
        return .sqlite(
            path: path, operation: operation, code: extended != 0 ? extended : code,
            message: String(cString: sqlite3_errmsg(handle)))
    }
}

// A connection must be used from one place at a time (lent by its pool): say so, as GRDB does for Database.
@available(*, unavailable)
extension Connection: Sendable {}
