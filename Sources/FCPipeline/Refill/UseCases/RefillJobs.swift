import FCCore
package import FCStore
package import Foundation

/// Refill jobs from their enqueue to their claim, lease and hand-back, and what an operator does with them
/// (`fcgen jobs`), as plain steps over the store's ``FCStore/JobRepository``, one transaction each. Where a job ends
/// (its batch stored, a failed attempt) is ``JobSteps``'.
package enum RefillJobs {
    /// Enqueues one refill job for every topic the ``FCCore/RefillRule`` says is due and that has no open job yet.
    ///
    /// Idempotent: one open job per topic, whoever enqueues (the store's unique index); on PostgreSQL one enqueue
    /// runs at a time (an advisory lock), so each reads the jobs the one before it inserted.
    ///
    /// - Parameter maxAttempts: attempts each new job gets before it is dead.
    /// - Returns: the jobs created now, by topic id.
    package static func enqueueDue(on store: Store, maxAttempts: Int) async throws -> [Job] {
        let time = store.now().unixMilliseconds
        return try await store.write("enqueue refills") { db in
            try await db.lockRefillEnqueues()
            var jobs: [Job] = []
            for id in try await db.insertDueRefillJobs(maxAttempts: maxAttempts, at: time) {
                if let job = try await db.job(id: id) { jobs.append(job) }
            }
            return jobs
        }
    }

    /// Enqueues a refill job for one topic unless it has an open one: the feed's "a learner is running out" signal.
    /// The caller decides that the learner's unseen stock is low; the topic's policy and batch cap are checked here.
    ///
    /// - Returns: the job created now, or `nil` (an open job exists, no policy, or the batch cap is reached).
    package static func enqueue(on store: Store, topicID: Int64, maxAttempts: Int) async throws -> Job? {
        let time = store.now().unixMilliseconds
        return try await store.write("enqueue refill") { db in
            try await db.lockRefillEnqueues()
            guard let id = try await db.insertRefillJob(topicID: topicID, maxAttempts: maxAttempts, at: time) else {
                return nil
            }
            return try await db.job(id: id)
        }
    }

    /// Claims the next due job for `owner`, atomically: the job becomes `running` with a lease until now + `lease`.
    ///
    /// Due means queued or failed and due to run, or running with an expired lease (its worker died or hung: the job
    /// is taken over). The claim counts as an attempt (a worker killed mid-job used one up too) and fixes the batch
    /// number the job produces: the topic's next one now. Two workers never claim the same job.
    ///
    /// - Returns: the claimed job, or `nil` when nothing is due.
    package static func claimNext(on store: Store, owner: String, lease: Duration) async throws -> Job? {
        let time = store.now().unixMilliseconds
        return try await store.write("claim next job") { db in
            guard let id = try await db.claimDueJob(owner: owner, leaseEnd: time + lease.storeMilliseconds, at: time)
            else { return nil }
            return try await db.job(id: id)
        }
    }

    /// Extends `owner`'s lease on a running job to now + `lease`.
    ///
    /// - Returns: `false` when the lease is lost: the job was taken over, cancelled or finished.
    package static func renewLease(on store: Store, jobID: Int64, owner: String, lease: Duration) async throws -> Bool {
        let time = store.now().unixMilliseconds
        return try await store.write("renew lease") { db in
            try await db.extendJobLease(jobID: jobID, owner: owner, to: time + lease.storeMilliseconds, at: time)
        }
    }

    /// Gives a running job back to the queue (on shutdown), runnable at once; the attempt is not counted.
    ///
    /// - Returns: `false` when `owner` no longer held the job (nothing changed).
    @discardableResult
    package static func release(on store: Store, jobID: Int64, owner: String) async throws -> Bool {
        let time = store.now().unixMilliseconds
        return try await store.write("release job") { db in
            try await db.requeueJob(jobID: jobID, owner: owner, runAfter: time, reason: nil, at: time)
        }
    }

    /// Gives a running job back to the queue until the next UTC day (its budget for today is spent); the claim's
    /// attempt is not counted and `reason` is kept as its last error.
    ///
    /// - Returns: when the job may run again, or `nil` when `owner` no longer held it (nothing changed).
    @discardableResult
    package static func deferToNextDay(on store: Store, jobID: Int64, owner: String, reason: String) async throws
        -> Date?
    {
        let time = store.now().unixMilliseconds
        let next = UTCDay.next(after: time)
        let deferred = try await store.write("defer job") { db in
            try await db.requeueJob(jobID: jobID, owner: owner, runAfter: next, reason: reason, at: time)
        }
        return deferred ? Date(unixMilliseconds: next) : nil
    }

    /// Puts a failed or dead job back in the queue to run now, with its attempts reset.
    ///
    /// - Throws: ``FCStore/StoreError/jobNotFound(id:)``, or ``FCStore/StoreError/jobStateConflict(id:status:action:)``
    ///   when the job is queued, running, done or cancelled.
    @discardableResult
    package static func retry(on store: Store, id: Int64) async throws -> Job {
        try await change(on: store, id: id, action: "retry", allowed: [.failed, .dead]) { db, time in
            try await db.markJobRetried(id: id, at: time)
        }
    }

    /// Cancels a job that has not finished: it never runs again, and its topic may get a new job. A running job's
    /// worker finds its lease gone when it tries to commit, so its batch is not stored.
    ///
    /// - Throws: ``FCStore/StoreError/jobNotFound(id:)``, or ``FCStore/StoreError/jobStateConflict(id:status:action:)``
    ///   for a done or cancelled job.
    @discardableResult
    package static func cancel(on store: Store, id: Int64) async throws -> Job {
        try await change(on: store, id: id, action: "cancel", allowed: [.queued, .running, .failed, .dead]) {
            db, time in
            try await db.markJobCancelled(id: id, at: time)
        }
    }

    /// The job with this id, or `nil`.
    package static func job(on store: Store, id: Int64) async throws -> Job? {
        try await store.read { try await $0.job(id: id) }
    }

    /// Jobs, newest first; only those with `status` when given.
    package static func list(on store: Store, status: JobStatus? = nil) async throws -> [Job] {
        try await store.read { try await $0.jobs(status: status) }
    }

    /// The topic's jobs, newest first.
    package static func list(on store: Store, topicID: Int64) async throws -> [Job] {
        try await store.read { try await $0.jobs(topicID: topicID) }
    }

    /// Checks the job's status and makes `write`'s change at the time now, in one transaction; the job afterwards.
    private static func change(
        on store: Store, id: Int64, action: String, allowed: Set<JobStatus>,
        _ write: @escaping @Sendable (borrowing Database, Int64) async throws -> Void
    ) async throws -> Job {
        let time = store.now().unixMilliseconds
        return try await store.write("\(action) job") { db in
            guard let job = try await db.job(id: id) else { throw StoreError.jobNotFound(id: id) }
            guard allowed.contains(job.status) else {
                throw StoreError.jobStateConflict(id: id, status: job.status.rawValue, action: action)
            }
            try await write(db, time)
            guard let changed = try await db.job(id: id) else { throw StoreError.jobNotFound(id: id) }
            return changed
        }
    }
}
