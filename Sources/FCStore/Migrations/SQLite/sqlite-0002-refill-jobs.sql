-- Version 2: refill jobs and the per-topic refill policy.
--
-- `jobs` holds the refill worker's queue: queued → running (a lease: owner and expiry) → done, or → failed
-- (retried after `run_after`) → dead after `max_attempts`; cancelled by hand. Times are Unix milliseconds.
-- The partial unique index lets a topic have at most one *open* job (queued, running, failed or dead), so
-- enqueueing is idempotent and a dead job holds its topic's refills until someone retries or cancels it.
-- Frozen once shipped (see Migration).

ALTER TABLE topics ADD COLUMN refill_below INTEGER;
ALTER TABLE topics ADD COLUMN batch_size INTEGER;
ALTER TABLE topics ADD COLUMN max_batches INTEGER;

CREATE TABLE jobs (
    id INTEGER PRIMARY KEY,
    topic_id INTEGER NOT NULL REFERENCES topics(id) ON DELETE CASCADE,
    kind TEXT NOT NULL DEFAULT 'refill' CHECK (kind IN ('refill')),
    batch_number INTEGER,
    status TEXT NOT NULL DEFAULT 'queued'
        CHECK (status IN ('queued', 'running', 'done', 'failed', 'dead', 'cancelled')),
    attempts INTEGER NOT NULL DEFAULT 0,
    max_attempts INTEGER NOT NULL,
    run_after INTEGER NOT NULL,
    lease_owner TEXT,
    lease_expires_at INTEGER,
    last_error TEXT,
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL,
    finished_at INTEGER
);

-- At most one open refill job per topic: enqueueing twice inserts nothing the second time.
CREATE UNIQUE INDEX jobs_one_open_per_topic ON jobs (topic_id, kind)
    WHERE status IN ('queued', 'running', 'failed', 'dead');
-- The claim query: due queued/failed jobs by run_after, expired running ones by lease expiry.
CREATE INDEX jobs_status_run_after ON jobs (status, run_after);
CREATE INDEX jobs_status_lease ON jobs (status, lease_expires_at) WHERE status = 'running';
-- Foreign-key child index (https://www.sqlite.org/foreignkeys.html#fk_indexes); also lists a topic's jobs.
CREATE INDEX jobs_topic ON jobs (topic_id);
