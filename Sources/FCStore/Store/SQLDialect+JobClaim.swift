extension SQLDialect {
    /// Claims the next due refill job: it becomes `running` under a lease for `owner` until `leaseEnd`, at time
    /// `now` (store milliseconds), with one more attempt and the topic's next batch number; returns the job's `id`, or no row when
    /// nothing is due. Run it inside a write transaction.
    ///
    /// Due means queued or failed with `run_after` ≤ now, or running with an expired lease; oldest `run_after`
    /// first. On SQLite the write lock of `BEGIN IMMEDIATE` already serialises claimers. On PostgreSQL many claimers
    /// run at once, so the candidate row is locked with `FOR UPDATE SKIP LOCKED`: a second claimer passes over a
    /// job that another claimer's open transaction holds and takes the next one, instead of waiting for it or
    /// claiming it twice (https://www.postgresql.org/docs/current/sql-select.html#SQL-FOR-UPDATE-SHARE).
    func claimNextJob(owner: String, leaseEnd: Int64, now: Int64) -> StoreQuery {
        let lock =
            switch self {
            case .sqlite: ""
            case .postgres: "\n        FOR UPDATE SKIP LOCKED"
            }
        return """
            UPDATE jobs SET status = 'running', lease_owner = \(owner), lease_expires_at = \(leaseEnd), updated_at =
                \(now),
                attempts = attempts + 1,
                batch_number = (SELECT COALESCE(MAX(b.number), 0) + 1 FROM batches b
                    WHERE b.topic_id = jobs.topic_id)
            WHERE id = (
                SELECT id FROM jobs
                WHERE (status IN ('queued', 'failed') AND run_after <= \(now))
                    OR (status = 'running' AND lease_expires_at <= \(now))
                ORDER BY run_after, id LIMIT 1\(raw: lock))
            RETURNING id
            """
    }
}
