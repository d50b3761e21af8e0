-- Version 9: what a topic's generation remembers between runs, and which outline step each batch took.
--
-- - `topic_generation`: one row per topic that has a plan or a language. `plan_json` is the outline
-- (`{"subtopics": [...]}`) or NULL; `plan_source` says where it came from: `model` (asked for on the topic's
-- first run or `topic plan --regenerate`), `edited` (`topic plan --edit`), or `fallback` (the model's outline
-- was unusable: `plan_note` says why, and batches use the fixed aspect list). `language` is a BCP 47 tag
-- (`--language`) or NULL for the model's choice.
-- - `batches.plan_step`: the outline step (from 1) a batch took; NULL for the fixed aspect list.
--
-- Frozen once shipped (see Migration).

CREATE TABLE topic_generation (
    topic_id INTEGER PRIMARY KEY REFERENCES topics(id) ON DELETE CASCADE,
    language TEXT,
    plan_json TEXT,
    plan_source TEXT CHECK (plan_source IN ('model', 'edited', 'fallback')),
    plan_note TEXT,
    plan_updated_at INTEGER
) WITHOUT ROWID;

ALTER TABLE batches ADD COLUMN plan_step INTEGER;
