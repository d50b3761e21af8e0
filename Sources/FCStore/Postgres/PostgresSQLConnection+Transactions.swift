extension PostgresSQLConnection {
    /// Runs `body` in a transaction: commits when it returns, rolls back when anything throws.
    ///
    /// The same contract as the SQLite connection's `BEGIN IMMEDIATE` transaction. PostgreSQL has no database-wide
    /// write lock to take up front: rows are locked as they are written (and by `SELECT … FOR UPDATE`), so two
    /// writers only wait for each other where they touch the same rows. Called inside an open transaction, `body`
    /// runs in a savepoint instead, so an inner failure undoes only the inner work (and the outer transaction stays
    /// usable, which PostgreSQL otherwise refuses after any error).
    package func immediateTransaction<T>(_ operation: String, _ body: () async throws -> T) async throws -> T {
        if isInsideTransaction { return try await inSavepoint(operation, body) }
        // Sent without waiting: the body's first statement follows it at once (and throws its failure).
        send("BEGIN", operation: "\(operation) (begin)")
        do {
            let result = try await body()
            settlePrefetches(abandoning: true)
            try await execute("COMMIT", operation: "\(operation) (commit)")
            return result
        } catch {
            await rollback()
            throw error
        }
    }

    /// Runs `body` in a read-only transaction that sees one snapshot (`REPEATABLE READ`), as a SQLite read
    /// transaction does in WAL mode.
    package func readTransaction<T>(_ body: () async throws -> T) async throws -> T {
        send("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY", operation: "read (begin)")
        do {
            let result = try await body()
            settlePrefetches(abandoning: true)
            try await execute("COMMIT", operation: "read (end)")
            return result
        } catch {
            await rollback()
            throw error
        }
    }

    /// Runs `body`, which sends one statement, outside a transaction: PostgreSQL runs a statement sent alone in a
    /// transaction of its own, which sees one snapshot, so a one-statement read needs no `BEGIN` and `COMMIT` (the
    /// token or session read of every API request: three round trips → one). A body that sends more statements
    /// would read them from different snapshots: checked in debug builds.
    package func singleStatementRead<T>(_ body: () async throws -> T) async throws -> T {
        let before = statementsSent
        do {
            let result = try await body()
            settlePrefetches(abandoning: true)
            await awaitInFlight()
            if let failure = takeInFlightFailure() { throw failure }
            assert(statementsSent - before <= 1, "a single-statement read sent \(statementsSent - before) statements")
            return result
        } catch {
            await rollback()
            throw error
        }
    }

    /// Rolls back the open transaction, if any. A failing ROLLBACK is ignored: the original error is the one worth
    /// reporting (and a connection that lost its server has no transaction left).
    package func rollback() async {
        settlePrefetches(abandoning: false)
        guard isInsideTransaction else {
            // Nothing open, but statements may still be in flight: answered (and their failures dropped) here, so
            // the next user of the connection starts clean.
            await awaitInFlight()
            _ = takeInFlightFailure()
            return
        }
        savepointDepth = 0
        do {
            try await execute("ROLLBACK", operation: "rollback")
        } catch {
            // The server rolls back a transaction whose connection is gone; nothing is open on this side either.
            isInsideTransaction = false
        }
    }

    private func inSavepoint<T>(_ operation: String, _ body: () async throws -> T) async throws -> T {
        savepointDepth += 1
        let name = "fcgen_savepoint_\(savepointDepth)"
        defer { savepointDepth -= 1 }
        // Sent without waiting, as BEGIN is; the release waits, so the body's failures stay inside the savepoint.
        send("SAVEPOINT \(name)", operation: "\(operation) (savepoint)")
        do {
            let result = try await body()
            settlePrefetches(abandoning: true)
            try await execute("RELEASE SAVEPOINT \(name)", operation: "\(operation) (release savepoint)")
            return result
        } catch {
            settlePrefetches(abandoning: false)
            try? await execute("ROLLBACK TO SAVEPOINT \(name)", operation: "\(operation) (roll back savepoint)")
            throw error
        }
    }
}
