import CSQLite

extension Connection {
    /// Runs `body` in a `BEGIN IMMEDIATE` transaction: commits when it returns, rolls back when anything throws.
    ///
    /// Every write goes through here. IMMEDIATE takes the write lock up front, so a second process waits in the
    /// busy handler (see ``configure()``) instead of failing. A plain (DEFERRED) `BEGIN` that reads first and then
    /// upgrades to a write lock gets `SQLITE_BUSY` straight away when another connection wrote in between, and no
    /// busy timeout helps (https://www.sqlite.org/lang_transaction.html#immediate, GRDB
    /// `Documentation.docc/DatabaseSharing.md` "How to limit the SQLITE_BUSY error").
    func immediateTransaction<T>(_ operation: String, _ body: () throws -> T) throws -> T {
        try withStatement("BEGIN IMMEDIATE", operation: "\(operation) (begin)") { try $0.run() }
        do {
            let result = try body()
            try withStatement("COMMIT", operation: "\(operation) (commit)") { try $0.run() }
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
