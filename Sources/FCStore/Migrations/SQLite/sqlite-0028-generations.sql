-- Version 28: generations in the database, so every service instance on one database answers for them.
--
-- - `generations`: one row per `POST /v1/topics/{id}/generations`, found by `public_id` (the id the API shows).
-- It holds what was asked (`batches_requested`, the request's `options_json`: language, maxCostUsd, review), who
-- asked (`requested_by`), where it stands (`status` queued → running → succeeded or failed; `batches_done`,
-- `cards_stored` and `batches_json`, the stored batches' summaries, updated in each batch's transaction), how it
-- failed (`error_json`, the problem document), whether a request cancelled it (`cancel_requested`, read by the
-- runner between batches), the number of its last event (`last_event`) and the runner's lease (`lease_owner`,
-- `lease_expires_at`: an instance that dies lets the lease expire and another takes the generation over at its
-- next batch). A topic's generations go with it.
-- - `generation_events`: the event stream of each generation, numbered from 1 (`sequence`, the SSE id that
-- `Last-Event-ID` resumes after): a `batch` event per stored batch, appended in the batch's transaction, then one
-- `done` or `failed`.
--
-- Times are Unix milliseconds. Frozen once shipped (see Migration).

CREATE TABLE generations (
    id INTEGER PRIMARY KEY,
    public_id TEXT NOT NULL UNIQUE,
    topic_id INTEGER NOT NULL REFERENCES topics(id) ON DELETE CASCADE,
    topic_name TEXT NOT NULL,
    requested_by INTEGER REFERENCES users(id) ON DELETE SET NULL,
    options_json TEXT NOT NULL DEFAULT '{}',
    status TEXT NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'running', 'succeeded', 'failed')),
    batches_requested INTEGER NOT NULL CHECK (batches_requested > 0),
    batches_done INTEGER NOT NULL DEFAULT 0,
    cards_stored INTEGER NOT NULL DEFAULT 0,
    batches_json TEXT NOT NULL DEFAULT '[]',
    error_json TEXT,
    cancel_requested INTEGER NOT NULL DEFAULT 0 CHECK (cancel_requested IN (0, 1)),
    last_event INTEGER NOT NULL DEFAULT 0,
    created_at INTEGER NOT NULL,
    started_at INTEGER,
    finished_at INTEGER,
    lease_owner TEXT,
    lease_expires_at INTEGER
);
-- The claim (queued ones by id, running ones by lease expiry) and the queue's count.
CREATE INDEX generations_status ON generations (status, id);
-- Pruning finished generations by age.
CREATE INDEX generations_finished ON generations (finished_at) WHERE finished_at IS NOT NULL;
-- Foreign-key child indexes (https://www.sqlite.org/foreignkeys.html#fk_indexes).
CREATE INDEX generations_topic ON generations (topic_id);
CREATE INDEX generations_requested_by ON generations (requested_by);

CREATE TABLE generation_events (
    generation_id INTEGER NOT NULL REFERENCES generations(id) ON DELETE CASCADE,
    sequence INTEGER NOT NULL CHECK (sequence > 0),
    name TEXT NOT NULL CHECK (name IN ('batch', 'done', 'failed')),
    data TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    PRIMARY KEY (generation_id, sequence)
) WITHOUT ROWID;
