import FCCore
import Foundation

extension Database {
    /// Enqueues one refill job for every topic the ``RefillRule`` says is due and that has no open job yet.
    ///
    /// Idempotent: the `jobs_one_open_per_topic` index admits one open (queued, running, failed or dead) job per
    /// topic, and `ON CONFLICT DO NOTHING` skips the rest, so two workers enqueueing at once still make one job each.
    ///
    /// - Parameter maxAttempts: attempts each new job gets before it is dead.
    /// - Returns: the jobs created now, by topic id.
    package func enqueueDueRefills(maxAttempts: Int) async throws -> [Job] {
        let now = now().unixMilliseconds
        let ids = try await connection.immediateTransaction("enqueue refills") {
            // On PostgreSQL the INSERT's SELECT reads one snapshot, taken when the statement starts. Without the lock
            // an enqueue that started before another's insert committed could finish after that job was claimed
            // and done: it saw the topic due with no open job, and the unique index of open jobs no longer had the
            // finished one, so the topic got a job (and a batch) too many (seen in ManyHostsTests at load 16).
            try await holdUntilTransactionEnds(.refillEnqueues)
            return try await connection.withQuery(
                """
                INSERT INTO jobs (topic_id, kind, status, attempts, max_attempts, run_after,
                    created_at, updated_at)
                SELECT t.id, 'refill', 'queued', 0, \(max(1, maxAttempts)), \(now), \(now), \(now) FROM topics t
                WHERE \(raw: RefillRule.isDueSQL)
                    AND NOT EXISTS (SELECT 1 FROM jobs j WHERE j.topic_id = t.id AND j.kind = 'refill'
                        AND j.status IN ('queued', 'running', 'failed', 'dead'))
                ORDER BY t.id
                ON CONFLICT DO NOTHING
                RETURNING id
                """,
                operation: "enqueue refills"
            ) { statement in
                var ids: [Int64] = []
                while try await statement.step() { ids.append(statement.int64(at: 0)) }
                return ids
            }
        }
        var jobs: [Job] = []
        for id in ids { if let job = try await job(id: id) { jobs.append(job) } }
        return jobs
    }

    /// The job with this id, or `nil`.
    package func job(id: Int64) async throws -> Job? {
        try await connection.withQuery("\(raw: Self.jobColumns) WHERE j.id = \(id)", operation: "read job") {
            statement in
            return try await statement.step() ? try Self.job(from: statement) : nil
        }
    }

    /// Jobs, newest first; only those with `status` when given.
    package func jobs(status: JobStatus? = nil) async throws -> [Job] {
        try await connection.withQuery(
            """
            \(raw: Self.jobColumns) WHERE \(status?.rawValue) IS NULL OR j.status = \(status?.rawValue) ORDER BY j.id
                DESC
            """,
            operation: "list jobs"
        ) { statement in
            var jobs: [Job] = []
            while try await statement.step() { jobs.append(try Self.job(from: statement)) }
            return jobs
        }
    }

    /// The topic's jobs, newest first.
    package func jobs(topicID: Int64) async throws -> [Job] {
        try await connection.withQuery(
            "\(raw: Self.jobColumns) WHERE j.topic_id = \(topicID) ORDER BY j.id DESC", operation: "list topic jobs"
        ) { statement in
            var jobs: [Job] = []
            while try await statement.step() { jobs.append(try Self.job(from: statement)) }
            return jobs
        }
    }

    /// Puts a failed or dead job back in the queue to run now, with its attempts reset.
    ///
    /// - Throws: ``StoreError/jobNotFound(id:)``, or ``StoreError/jobStateConflict(id:status:action:)`` when the
    ///   job is queued, running, done or cancelled.
    @discardableResult
    package func retryJob(id: Int64) async throws -> Job {
        try await changeJob(id: id, action: "retry", allowed: [.failed, .dead]) { now in
            """
            UPDATE jobs SET status = 'queued', attempts = 0, run_after = \(now), updated_at = \(now),
                lease_owner = NULL, lease_expires_at = NULL, finished_at = NULL
            WHERE id = \(id)
            """
        }
    }

    /// Cancels a job that has not finished: it never runs again, and its topic may get a new job.
    ///
    /// A running job's worker finds its lease gone when it tries to commit, so its batch is not stored.
    ///
    /// - Throws: ``StoreError/jobNotFound(id:)``, or ``StoreError/jobStateConflict(id:status:action:)`` for a
    ///   done or cancelled job.
    @discardableResult
    package func cancelJob(id: Int64) async throws -> Job {
        try await changeJob(id: id, action: "cancel", allowed: [.queued, .running, .failed, .dead]) { now in
            """
            UPDATE jobs SET status = 'cancelled', updated_at = \(now), finished_at = \(now),
                lease_owner = NULL, lease_expires_at = NULL
            WHERE id = \(id)
            """
        }
    }

    /// Checks the job's status and runs the update `query` makes for the time now (Unix milliseconds), in one write
    /// transaction.
    private func changeJob(
        id: Int64, action: String, allowed: Set<JobStatus>, query: (Int64) -> StoreQuery
    ) async throws -> Job {
        let now = now().unixMilliseconds
        try await connection.immediateTransaction("\(action) job") {
            guard let job = try await job(id: id) else { throw StoreError.jobNotFound(id: id) }
            guard allowed.contains(job.status) else {
                throw StoreError.jobStateConflict(id: id, status: job.status.rawValue, action: action)
            }
            try await connection.runQuery(query(now), operation: "\(action) job")
        }
        guard let job = try await job(id: id) else { throw StoreError.jobNotFound(id: id) }
        return job
    }

    /// `SELECT` of every job column (and the topic's name), for ``job(from:)``.
    static let jobColumns = """
        SELECT j.id, j.topic_id, t.name, j.kind, j.batch_number, j.status, j.attempts, j.max_attempts, j.run_after,
            j.lease_owner, j.lease_expires_at, j.last_error, j.created_at, j.updated_at, j.finished_at
        FROM jobs j JOIN topics t ON t.id = j.topic_id
        """

    /// Reads a job from a row with the columns of ``jobColumns``.
    static func job(from statement: any SQLStatement) throws -> Job {
        let id = statement.int64(at: 0)
        guard let status = JobStatus(rawValue: statement.string(at: 5)) else {
            throw StoreError.corruptRow(table: "jobs", column: "status", rowID: id)
        }
        return Job(
            id: id,
            topicID: statement.int64(at: 1),
            topicName: statement.string(at: 2),
            kind: statement.string(at: 3),
            batchNumber: statement.optionalInt(at: 4),
            status: status,
            attempts: statement.int(at: 6),
            maxAttempts: statement.int(at: 7),
            runAfter: Date(unixMilliseconds: statement.int64(at: 8)),
            leaseOwner: statement.optionalString(at: 9),
            leaseExpiresAt: statement.optionalInt64(at: 10).map(Date.init(unixMilliseconds:)),
            lastError: statement.optionalString(at: 11),
            createdAt: Date(unixMilliseconds: statement.int64(at: 12)),
            updatedAt: Date(unixMilliseconds: statement.int64(at: 13)),
            finishedAt: statement.optionalInt64(at: 14).map(Date.init(unixMilliseconds:)))
    }
}

extension Store {
    package func enqueueDueRefills(maxAttempts: Int) async throws -> [Job] {
        try await write("enqueue due refills") { try await $0.enqueueDueRefills(maxAttempts: maxAttempts) }
    }

    package func job(id: Int64) async throws -> Job? {
        try await read { try await $0.job(id: id) }
    }

    package func jobs(status: JobStatus? = nil) async throws -> [Job] {
        try await read { try await $0.jobs(status: status) }
    }

    package func jobs(topicID: Int64) async throws -> [Job] {
        try await read { try await $0.jobs(topicID: topicID) }
    }

    @discardableResult
    package func retryJob(id: Int64) async throws -> Job {
        try await write("retry job") { try await $0.retryJob(id: id) }
    }

    @discardableResult
    package func cancelJob(id: Int64) async throws -> Job {
        try await write("cancel job") { try await $0.cancelJob(id: id) }
    }
}
