import FCCore

extension Database {
    package func claimDueJob(owner: String, leaseEnd: Int64, at time: Int64) async throws -> Int64? {
        try await connection.rows(
            connection.dialect.claimNextJob(owner: owner, leaseEnd: leaseEnd, now: time), operation: "claim job"
        ) { $0.int64(at: 0) }.first
    }

    package func extendJobLease(jobID: Int64, owner: String, to leaseEnd: Int64, at time: Int64) async throws -> Bool {
        try await connection.runQuery(
            """
            UPDATE jobs SET lease_expires_at = \(leaseEnd), updated_at = \(time)
            WHERE id = \(jobID) AND status = 'running' AND lease_owner = \(owner)
            """,
            operation: "renew lease")
        return await connection.changes == 1
    }

    package func requeueJob(
        jobID: Int64, owner: String, runAfter: Int64, reason: String?, at time: Int64
    ) async throws -> Bool {
        try await connection.runQuery(
            """
            UPDATE jobs SET status = 'queued', attempts = CASE WHEN attempts > 0 THEN attempts - 1 ELSE 0 END,
                run_after = \(runAfter), updated_at = \(time),
                last_error = COALESCE(\(reason.map { String($0.prefix(1000)) }), last_error),
                lease_owner = NULL, lease_expires_at = NULL
            WHERE id = \(jobID) AND status = 'running' AND lease_owner = \(owner)
            """,
            operation: "requeue job")
        return await connection.changes == 1
    }

    package func markJobDone(jobID: Int64, at time: Int64) async throws {
        try await connection.runQuery(
            """
            UPDATE jobs SET status = 'done', lease_expires_at = NULL, last_error = NULL,
                updated_at = \(time), finished_at = \(time)
            WHERE id = \(jobID)
            """,
            operation: "finish job")
    }

    package func markJobFailed(jobID: Int64, dead: Bool, error: String, runAfter: Int64, at time: Int64) async throws {
        let status = dead ? JobStatus.dead : JobStatus.failed
        let finishedAt: Int64? = dead ? time : nil
        try await connection.runQuery(
            """
            UPDATE jobs SET status = \(status.rawValue), last_error = \(String(error.prefix(1000))),
                run_after = \(runAfter), updated_at = \(time), finished_at = \(finishedAt), lease_expires_at = NULL
            WHERE id = \(jobID)
            """,
            operation: "fail job")
    }
}

extension Duration {
    /// Whole milliseconds, as the store's time columns count them.
    package var storeMilliseconds: Int64 {
        components.seconds * 1000 + components.attoseconds / 1_000_000_000_000_000
    }
}
