import FCCore
import Foundation

extension Database {
    package func lockRefillEnqueues() async throws {
        // On PostgreSQL an INSERT's SELECT reads one snapshot, taken when the statement starts. Without the lock an
        // enqueue that started before another's insert committed could finish after that job was claimed and done:
        // it saw the topic due with no open job, and the unique index of open jobs no longer had the finished one,
        // so the topic got a job (and a batch) too many (seen in ManyHostsTests at load 16).
        try await holdUntilTransactionEnds(.refillEnqueues)
    }

    package func insertDueRefillJobs(maxAttempts: Int, at time: Int64) async throws -> [Int64] {
        try await connection.rows(
            """
            INSERT INTO jobs (topic_id, kind, status, attempts, max_attempts, run_after, created_at, updated_at)
            SELECT t.id, 'refill', 'queued', 0, \(max(1, maxAttempts)), \(time), \(time), \(time) FROM topics t
            WHERE \(raw: RefillRule.isDueSQL) AND \(raw: Self.noOpenJob)
            ORDER BY t.id
            ON CONFLICT DO NOTHING
            RETURNING id
            """,
            operation: "enqueue refills"
        ) { $0.int64(at: 0) }
    }

    package func insertRefillJob(topicID: Int64, maxAttempts: Int, at time: Int64) async throws -> Int64? {
        try await connection.rows(
            """
            INSERT INTO jobs (topic_id, kind, status, attempts, max_attempts, run_after, created_at, updated_at)
            SELECT t.id, 'refill', 'queued', 0, \(max(1, maxAttempts)), \(time), \(time), \(time) FROM topics t
            WHERE t.id = \(topicID) AND t.refill_below IS NOT NULL AND t.batch_size IS NOT NULL
                AND (t.max_batches IS NULL OR \(raw: RefillRule.batchCountSQL) < t.max_batches)
                AND \(raw: Self.noOpenJob)
            ON CONFLICT DO NOTHING
            RETURNING id
            """,
            operation: "enqueue refill"
        ) { $0.int64(at: 0) }.first
    }

    /// The topic `t` has no open refill job.
    private static let noOpenJob = """
        NOT EXISTS (SELECT 1 FROM jobs j WHERE j.topic_id = t.id AND j.kind = 'refill'
            AND j.status IN ('queued', 'running', 'failed', 'dead'))
        """

    package func job(id: Int64) async throws -> Job? {
        try await connection.rows("\(raw: Self.jobColumns) WHERE j.id = \(id)", operation: "read job") {
            try Self.job(from: $0)
        }.first
    }

    package func jobs(status: JobStatus?) async throws -> [Job] {
        try await connection.rows(
            """
            \(raw: Self.jobColumns) WHERE \(status?.rawValue) IS NULL OR j.status = \(status?.rawValue)
            ORDER BY j.id DESC
            """,
            operation: "list jobs"
        ) { try Self.job(from: $0) }
    }

    package func jobs(topicID: Int64) async throws -> [Job] {
        try await connection.rows(
            "\(raw: Self.jobColumns) WHERE j.topic_id = \(topicID) ORDER BY j.id DESC", operation: "list topic jobs"
        ) { try Self.job(from: $0) }
    }

    package func markJobRetried(id: Int64, at time: Int64) async throws {
        try await connection.runQuery(
            """
            UPDATE jobs SET status = 'queued', attempts = 0, run_after = \(time), updated_at = \(time),
                lease_owner = NULL, lease_expires_at = NULL, finished_at = NULL
            WHERE id = \(id)
            """,
            operation: "retry job")
    }

    package func markJobCancelled(id: Int64, at time: Int64) async throws {
        try await connection.runQuery(
            """
            UPDATE jobs SET status = 'cancelled', updated_at = \(time), finished_at = \(time),
                lease_owner = NULL, lease_expires_at = NULL
            WHERE id = \(id)
            """,
            operation: "cancel job")
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
