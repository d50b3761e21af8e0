-- Version 23: the review pass (`--review`) has a usage ledger kind of its own.
--
-- - `llm_usage.kind` also takes `review`: the request that reviewed a batch, written in the batch's transaction
-- with the batch's `batch_id` (or on its own, without one, when the batch was not stored). Until now its tokens
-- and cost were added to the batch's row. `batches.input_tokens`, `output_tokens` and `cost_usd` still hold the
-- batch's totals, generation and review together.
--
-- SQLite cannot change a CHECK constraint, so the table is made again with the same columns, rows and ids, and
-- its indexes after it. No table refers to `llm_usage`. Frozen once shipped (see Migration).

CREATE TABLE llm_usage_rows (
    id INTEGER PRIMARY KEY,
    topic_id INTEGER REFERENCES topics(id) ON DELETE SET NULL,
    topic_name TEXT NOT NULL COLLATE NOCASE,
    batch_id INTEGER REFERENCES batches(id) ON DELETE SET NULL,
    kind TEXT NOT NULL CHECK (kind IN ('batch', 'outline', 'unstored', 'review')),
    provider TEXT NOT NULL,
    model TEXT NOT NULL,
    input_tokens INTEGER,
    output_tokens INTEGER,
    cost_usd REAL,
    created_at INTEGER NOT NULL
);
INSERT INTO llm_usage_rows (id, topic_id, topic_name, batch_id, kind, provider, model, input_tokens,
        output_tokens, cost_usd, created_at)
    SELECT id, topic_id, topic_name, batch_id, kind, provider, model, input_tokens, output_tokens, cost_usd,
        created_at
    FROM llm_usage;
DROP TABLE llm_usage;
ALTER TABLE llm_usage_rows RENAME TO llm_usage;
CREATE INDEX llm_usage_created ON llm_usage (created_at);
CREATE INDEX llm_usage_topic_created ON llm_usage (topic_id, created_at);
CREATE INDEX llm_usage_batch ON llm_usage (batch_id) WHERE batch_id IS NOT NULL;
