-- Version 12: what every paid model request cost, and the budgets that limit it.
--
-- - `llm_usage`: one row per model request the provider answered (and may bill): a stored batch (`batch`,
-- written in the batch's transaction, `batch_id` set), a topic outline (`outline`), or a reply that was paid
-- for but not stored (`unstored`: unusable under `--strict`, a lost lease, a failed commit). `topic_id` is
-- NULL until the topic exists (an outline asked for before a new topic's first batch) and after the topic is
-- deleted; `topic_name` keeps the name for the report. `cost_usd` is NULL when the model has no price.
-- - `batches.cost_usd`: the batch's cost, as in its ledger row.
-- - `topics.daily_budget_usd`: the most the refill worker may spend on the topic per UTC day; NULL = none.
--
-- Frozen once shipped (see Migration).

CREATE TABLE llm_usage (
    id INTEGER PRIMARY KEY,
    topic_id INTEGER REFERENCES topics(id) ON DELETE SET NULL,
    topic_name TEXT NOT NULL COLLATE NOCASE,
    batch_id INTEGER REFERENCES batches(id) ON DELETE SET NULL,
    kind TEXT NOT NULL CHECK (kind IN ('batch', 'outline', 'unstored')),
    provider TEXT NOT NULL,
    model TEXT NOT NULL,
    input_tokens INTEGER,
    output_tokens INTEGER,
    cost_usd REAL,
    created_at INTEGER NOT NULL
);
CREATE INDEX llm_usage_created ON llm_usage (created_at);
CREATE INDEX llm_usage_topic_created ON llm_usage (topic_id, created_at);
CREATE INDEX llm_usage_batch ON llm_usage (batch_id) WHERE batch_id IS NOT NULL;

ALTER TABLE batches ADD COLUMN cost_usd REAL;
ALTER TABLE topics ADD COLUMN daily_budget_usd REAL;
