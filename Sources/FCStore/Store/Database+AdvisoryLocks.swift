extension Database {
    /// PostgreSQL advisory locks the store takes for the rest of a write transaction, by key (fixed numbers no
    /// other lock of the database uses).
    enum AdvisoryLock: Int64 {
        /// Generation claims: two instances never both see a topic free and start two of its generations.
        case generationClaims = 0x6663_6765_6E5F_6765
        /// Refill enqueues (the workers' rounds and the feed): one at a time, so each enqueue reads the jobs the one
        /// before it inserted.
        case refillEnqueues = 0x6663_6765_6E5F_7266
    }

    /// On PostgreSQL, waits for `lock` and holds it until the transaction ends (`pg_advisory_xact_lock`); a
    /// statement after it reads a snapshot taken once the previous holder committed. Nothing on SQLite, where
    /// `BEGIN IMMEDIATE` already lets one writer in at a time.
    func holdUntilTransactionEnds(_ lock: AdvisoryLock) async throws {
        guard connection.dialect == .postgres else { return }
        try await connection.withQuery("SELECT pg_advisory_xact_lock(\(lock.rawValue))", operation: "take lock") {
            statement in
            _ = try await statement.step()
        }
    }
}
