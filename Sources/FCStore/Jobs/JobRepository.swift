/// The reads and writes of refill jobs (`jobs`), each inside the transaction a ``Store/write(_:patience:_:)`` (or
/// ``Store/read(_:)``) hands out; times are Unix milliseconds. SQL and rows only: when a job is enqueued, claimed,
/// renewed, given back, finished, failed, retried or cancelled, and with what checks, is the use cases' (FCPipeline's
/// `RefillJobs` and `JobSteps`). ``Database`` implements it on both engines.
///
/// The `jobs_one_open_per_topic` index admits one open (queued, running, failed or dead) job per topic and the
/// inserts skip the rest (`ON CONFLICT DO NOTHING`), so two enqueuers at once still make one job each. A claim is one
/// `UPDATE … WHERE id = (SELECT …)`: `BEGIN IMMEDIATE` serialises SQLite's claimers, `FOR UPDATE SKIP LOCKED`
/// PostgreSQL's, so no job is claimed twice. A lease is renewed or given back only while `owner` holds it.
package protocol JobRepository: ~Copyable {
    /// On PostgreSQL, waits for the lock of refill enqueues and holds it until the transaction ends, so the next
    /// insert's snapshot holds every job enqueued before it. Nothing on SQLite, where one writer runs at a time.
    func lockRefillEnqueues() async throws
    /// Inserts a queued job for every topic the ``RefillRule`` says is due and that has no open job; their ids.
    func insertDueRefillJobs(maxAttempts: Int, at time: Int64) async throws -> [Int64]
    /// Inserts a queued job for the topic when it has a refill policy, is under its batch cap and has no open job;
    /// its id, or `nil`.
    func insertRefillJob(topicID: Int64, maxAttempts: Int, at time: Int64) async throws -> Int64?
    /// The job with this id, or `nil`.
    func job(id: Int64) async throws -> Job?
    /// Jobs, newest first; only those with `status` when given.
    func jobs(status: JobStatus?) async throws -> [Job]
    /// The topic's jobs, newest first.
    func jobs(topicID: Int64) async throws -> [Job]
    /// Makes the next due job `running` under `owner`'s lease until `leaseEnd`, with one more attempt and the topic's
    /// next batch number; its id, or `nil` when nothing is due. Due: queued or failed with `run_after` ≤ `time`, or
    /// running with a lease expired by `time` (its worker died or hung); oldest `run_after` first.
    func claimDueJob(owner: String, leaseEnd: Int64, at time: Int64) async throws -> Int64?
    /// Moves `owner`'s lease on the running job to `leaseEnd`; `false` when `owner` does not hold it.
    func extendJobLease(jobID: Int64, owner: String, to leaseEnd: Int64, at time: Int64) async throws -> Bool
    /// Queues `owner`'s running job again to run from `runAfter`, its claim's attempt not counted, with `reason` as
    /// `last_error` when given; `false` when `owner` does not hold it.
    func requeueJob(jobID: Int64, owner: String, runAfter: Int64, reason: String?, at time: Int64) async throws -> Bool
    /// Marks the job done.
    func markJobDone(jobID: Int64, at time: Int64) async throws
    /// Marks the job `dead` (finished at `time`) or `failed`, runnable from `runAfter`; `error` becomes `last_error`,
    /// cut to 1,000 characters.
    func markJobFailed(jobID: Int64, dead: Bool, error: String, runAfter: Int64, at time: Int64) async throws
    /// Queues the job to run at `time` with its attempts reset, no lease and no finish time.
    func markJobRetried(id: Int64, at time: Int64) async throws
    /// Marks the job cancelled at `time`, its lease dropped.
    func markJobCancelled(id: Int64, at time: Int64) async throws
}

extension Database: JobRepository {}
