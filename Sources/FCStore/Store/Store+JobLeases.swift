import FCCore
import Foundation

extension Database {
    /// Claims the next due job for `owner`, atomically: the job becomes `running` with a lease until now + `lease`.
    ///
    /// Due means: queued or failed with `run_after` ≤ now, or running with an expired lease (its worker died or
    /// hung; the job is taken over). Oldest `run_after` first. One `UPDATE … WHERE id = (SELECT …)` inside
    /// `BEGIN IMMEDIATE`, so two workers can never claim the same job. The claim counts as an attempt (a worker
    /// killed mid-job used one up too) and fixes the batch number the job produces: the topic's next one now.
    ///
    /// ```swift
    /// while let job = try await store.claimNextJob(owner: "host:4242", lease: .seconds(300)) { … }
    /// ```
    ///
    /// - Returns: the claimed job, or `nil` when nothing is due.
    package func claimNextJob(owner: String, lease: Duration) async throws -> Job? {
        let now = now().unixMilliseconds
        let id: Int64? = try await connection.immediateTransaction("claim job") {
            try await connection.withQuery(
                connection.dialect.claimNextJob(owner: owner, leaseEnd: now + lease.storeMilliseconds, now: now),
                operation: "claim job"
            ) { statement in
                return try await statement.step() ? statement.int64(at: 0) : nil
            }
        }
        guard let id else { return nil }
        return try await job(id: id)
    }

    /// Extends `owner`'s lease on a running job to now + `lease`.
    ///
    /// - Returns: `false` when the lease is lost: the job was taken over, cancelled or finished.
    package func renewLease(jobID: Int64, owner: String, lease: Duration) async throws -> Bool {
        let now = now().unixMilliseconds
        return try await connection.immediateTransaction("renew lease") {
            try await connection.withQuery(
                """
                UPDATE jobs SET lease_expires_at = \(now + lease.storeMilliseconds), updated_at = \(now)
                WHERE id = \(jobID) AND status = 'running' AND lease_owner = \(owner)
                """,
                operation: "renew lease"
            ) { statement in
                try await statement.run()
            }
            return await connection.changes == 1
        }
    }

    /// Marks the job done (its batch stored in the same transaction).
    package func markJobDone(jobID: Int64) async throws {
        let now = now().unixMilliseconds
        try await connection.withQuery(
            """
            UPDATE jobs SET status = 'done', lease_expires_at = NULL, last_error = NULL,
                updated_at = \(now), finished_at = \(now)
            WHERE id = \(jobID)
            """,
            operation: "finish job"
        ) { statement in
            try await statement.run()
        }
    }

    /// Records a failed attempt of a running job: `failed`, runnable again `retryAfter` from now, or `dead`
    /// (finished now). `error` is kept as `last_error`, cut to 1,000 characters.
    package func markJobFailed(jobID: Int64, dead: Bool, error: String, retryAfter: Duration) async throws {
        let now = now().unixMilliseconds
        let status = dead ? JobStatus.dead : JobStatus.failed
        let runAfter = dead ? now : now + retryAfter.storeMilliseconds
        let finishedAt: Int64? = dead ? now : nil
        try await connection.runQuery(
            """
            UPDATE jobs SET status = \(status.rawValue), last_error = \(String(error.prefix(1000))),
                run_after = \(runAfter), updated_at = \(now), finished_at = \(finishedAt), lease_expires_at = NULL
            WHERE id = \(jobID)
            """,
            operation: "fail job")
    }

    /// Gives a running job back to the queue (on shutdown), runnable at once; the attempt is not counted.
    ///
    /// - Returns: `false` when `owner` no longer held the job (nothing changed).
    @discardableResult
    package func releaseJob(jobID: Int64, owner: String) async throws -> Bool {
        let now = now().unixMilliseconds
        return try await connection.immediateTransaction("release job") {
            try await connection.withQuery(
                """
                UPDATE jobs SET status = 'queued', attempts = CASE WHEN attempts > 0 THEN attempts - 1 ELSE 0 END,
                    run_after = \(now), updated_at = \(now),
                    lease_owner = NULL, lease_expires_at = NULL
                WHERE id = \(jobID) AND status = 'running' AND lease_owner = \(owner)
                """,
                operation: "release job"
            ) { statement in
                try await statement.run()
            }
            return await connection.changes == 1
        }
    }
}

extension Duration {
    /// Whole milliseconds, as the store's time columns count them.
    var storeMilliseconds: Int64 {
        components.seconds * 1000 + components.attoseconds / 1_000_000_000_000_000
    }
}

extension Store {
    package func claimNextJob(owner: String, lease: Duration) async throws -> Job? {
        try await write("claim next job") { try await $0.claimNextJob(owner: owner, lease: lease) }
    }

    package func renewLease(jobID: Int64, owner: String, lease: Duration) async throws -> Bool {
        try await write("renew lease") { try await $0.renewLease(jobID: jobID, owner: owner, lease: lease) }
    }

    @discardableResult
    package func releaseJob(jobID: Int64, owner: String) async throws -> Bool {
        try await write("release job") { try await $0.releaseJob(jobID: jobID, owner: owner) }
    }
}
