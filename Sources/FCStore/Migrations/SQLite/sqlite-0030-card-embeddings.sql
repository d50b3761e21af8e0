-- Version 30: embeddings of cards' questions, for duplicates by meaning (issue 28).
--
-- - `card_embeddings`: at most one row per card: the embedding model that made it (`model`), the vector's
-- dimension (`dimension`) and the vector itself (`vector`: `dimension` float32 values, little-endian, scaled to
-- length 1, so a dot product is a cosine). A card asked again with another model gets that model's vector in
-- place of the old one. Deleting a card deletes its embedding.
-- - `llm_usage.kind` also takes `embedding`: the request that embedded a batch's questions, written in the
-- batch's transaction with its `batch_id` (the table is made again, as version 23 did, to change the CHECK).
--
-- Frozen once shipped (see Migration).

CREATE TABLE card_embeddings (
    card_id INTEGER PRIMARY KEY REFERENCES cards(id) ON DELETE CASCADE,
    model TEXT NOT NULL,
    dimension INTEGER NOT NULL CHECK (dimension > 0),
    vector BLOB NOT NULL
);

CREATE TABLE llm_usage_rows (
    id INTEGER PRIMARY KEY,
    topic_id INTEGER REFERENCES topics(id) ON DELETE SET NULL,
    topic_name TEXT NOT NULL COLLATE NOCASE,
    batch_id INTEGER REFERENCES batches(id) ON DELETE SET NULL,
    kind TEXT NOT NULL CHECK (kind IN ('batch', 'outline', 'unstored', 'review', 'embedding')),
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
