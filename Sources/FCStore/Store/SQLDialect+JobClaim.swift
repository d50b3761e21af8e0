extension SQLDialect {
    /// Claims the next due refill job: it becomes `running` under a lease for `?1` (owner) until `?2`, at time
    /// `?3`, with one more attempt and the topic's next batch number; returns the job's `id`, or no row when
    /// nothing is due. Run it inside a write transaction.
    ///
    /// Due means queued or failed with `run_after` ≤ now, or running with an expired lease; oldest `run_after`
    /// first. On SQLite the write lock of `BEGIN IMMEDIATE` already serialises claimers. On PostgreSQL many claimers
    /// run at once, so the candidate row is locked with `FOR UPDATE SKIP LOCKED`: a second claimer passes over a
    /// job that another claimer's open transaction holds and takes the next one, instead of waiting for it or
    /// claiming it twice (https://www.postgresql.org/docs/current/sql-select.html#SQL-FOR-UPDATE-SHARE).
    package var claimNextJob: String {
        let lock =
            switch self {
            case .sqlite: ""
            case .postgres: "\n        FOR UPDATE SKIP LOCKED"
            }
        return """
            UPDATE jobs SET status = 'running', lease_owner = $1, lease_expires_at = $2, updated_at = $3,
                attempts = attempts + 1,
                batch_number = (SELECT COALESCE(MAX(b.number), 0) + 1 FROM batches b
                    WHERE b.topic_id = jobs.topic_id)
            WHERE id = (
                SELECT id FROM jobs
                WHERE (status IN ('queued', 'failed') AND run_after <= $3)
                    OR (status = 'running' AND lease_expires_at <= $3)
                ORDER BY run_after, id LIMIT 1\(lock))
            RETURNING id
            """
    }
}
