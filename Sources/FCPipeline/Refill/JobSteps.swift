package import FCCore
package import FCStore

/// Where a refill job ends: its batch stored with the job done, or a failed attempt recorded as a retry or the
/// job's death, each in one transaction that first checks the worker still holds the job's lease.
package enum JobSteps {
    /// Stores the job's batch and marks the job done, in ONE transaction: a job is never done without its cards,
    /// and cards never appear without their job finishing.
    ///
    /// - Throws: ``FCStore/StoreError/leaseLost(jobID:)`` (nothing is stored) when `owner` no longer holds the job,
    ///   for example because its lease expired and another worker took it over;
    ///   ``FCStore/StoreError/jobStateConflict(id:status:action:)`` when the batch is not the job's; every error
    ///   of storing the batch, which also rolls everything back.
    package static func complete(on store: Store, jobID: Int64, owner: String, batch: NewBatch) async throws
        -> StoredBatch
    {
        let time = store.now().unixMilliseconds
        return try await store.write("complete job", patience: Store.paidWorkPatience) { db in
            let job = try await leasedJob(jobID, owner: owner, in: db)
            guard job.batchNumber == batch.plan.number, job.topicID == batch.topicID else {
                throw StoreError.jobStateConflict(id: jobID, status: job.status.rawValue, action: "complete")
            }
            let stored = try await BatchStorage.store(batch, in: db, at: time)
            try await db.markJobDone(jobID: jobID, at: time)
            return stored
        }
    }

    /// Records a failed attempt: `failed`, runnable again after `backoff(attempts)`, or `dead` when the job has used
    /// its attempts or `permanent` says retrying can't help.
    ///
    /// - Parameters:
    ///   - error: Why, for `last_error`; never card text or keys.
    ///   - backoff: The delay before the next attempt, given the attempts used so far (1 after the first).
    /// - Returns: The updated job.
    /// - Throws: ``FCStore/StoreError/leaseLost(jobID:)`` when `owner` no longer holds the job (nothing is
    ///   changed).
    @discardableResult
    package static func fail(
        on store: Store, jobID: Int64, owner: String, error: String, permanent: Bool,
        backoff: @escaping @Sendable (Int) -> Duration
    ) async throws -> Job {
        let time = store.now().unixMilliseconds
        return try await store.write("fail job") { db in
            let job = try await leasedJob(jobID, owner: owner, in: db)
            let dead = permanent || job.attempts >= job.maxAttempts
            let runAfter = dead ? time : time + backoff(job.attempts).storeMilliseconds
            try await db.markJobFailed(jobID: jobID, dead: dead, error: error, runAfter: runAfter, at: time)
            guard let updated = try await db.job(id: jobID) else { throw StoreError.jobNotFound(id: jobID) }
            return updated
        }
    }

    /// The job, still running under `owner`'s lease.
    ///
    /// - Throws: ``FCStore/StoreError/leaseLost(jobID:)`` when it is not (taken over, cancelled, finished, gone).
    private static func leasedJob(_ jobID: Int64, owner: String, in db: borrowing Database) async throws -> Job {
        guard let job = try await db.job(id: jobID), job.status == .running, job.leaseOwner == owner else {
            throw StoreError.leaseLost(jobID: jobID)
        }
        return job
    }
}
