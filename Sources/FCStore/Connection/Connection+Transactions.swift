import CSQLite

extension Connection {
    /// Runs `body` in a `BEGIN IMMEDIATE` transaction: commits when it returns, rolls back when anything throws.
    ///
    /// Every write goes through here. IMMEDIATE takes the write lock up front, so a second process waits in the
    /// busy handler (see ``configure(busyTimeoutMilliseconds:)``) instead of failing. A plain (DEFERRED) `BEGIN` that reads first and then
    /// upgrades to a write lock gets `SQLITE_BUSY` straight away when another connection wrote in between, and no
    /// busy timeout helps (https://www.sqlite.org/lang_transaction.html#immediate, GRDB
    /// `Documentation.docc/DatabaseSharing.md` "How to limit the SQLITE_BUSY error").
    ///
    /// Inside a transaction already (a query helper called from ``Store/write(_:patience:_:)``), it just runs
    /// `body`: the error reaches the outer transaction, which rolls everything back, and a failed statement undoes
    /// its own changes (SQLite's statement atomicity), so code that catches a constraint error can go on. Not a
    /// savepoint: with one open, SQLite writes a statement journal to a temporary file for each multi-row statement,
    /// which halved `fcgen-bench store` (≈ 24,000 against ≈ 62,000 cards/s, quiet machine).
    ///
    /// The body may await (the protocol's surface), but SQLite's own calls inside it never suspend, so it runs on the
    /// connection's executor from `BEGIN` to `COMMIT`.
    func immediateTransaction<T>(_ operation: String, _ body: () async throws -> T) async throws -> T {
        if isInsideTransaction { return try await body() }
        try withStatement("BEGIN IMMEDIATE", operation: "\(operation) (begin)") { try $0.run() }
        do {
            let result = try await body()
            try withStatement("COMMIT", operation: "\(operation) (commit)") { try $0.run() }
            return result
        } catch {
            rollback()
            throw error
        }
    }

    /// Runs `body` in a deferred (read) transaction: every statement in it sees the same snapshot of the database.
    func readTransaction<T>(_ body: () async throws -> T) async throws -> T {
        try withStatement("BEGIN DEFERRED", operation: "read (begin)") { try $0.run() }
        do {
            let result = try await body()
            try withStatement("COMMIT", operation: "read (end)") { try $0.run() }
            return result
        } catch {
            rollback()
            throw error
        }
    }

    /// Rolls back the open transaction, if SQLite has not already done so.
    ///
    /// https://www.sqlite.org/lang_transaction.html
    /// > If certain kinds of errors occur within a transaction, the transaction may or may not be rolled back
    /// > automatically. [...] It is recommended that applications respond to the errors listed above by explicitly
    /// > issuing a ROLLBACK command.
    ///
    /// Checking autocommit first (as GRDB's `rollback()` does) avoids a ROLLBACK error when SQLite already rolled
    /// back. A failing ROLLBACK is ignored: the original error is the one worth reporting.
    func rollback() {
        guard isInsideTransaction else { return }
        try? execute("ROLLBACK", operation: "rollback")
    }
}
