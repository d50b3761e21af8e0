-- Version 30 in PostgreSQL's dialect: `card_embeddings`, and `llm_usage.kind` also takes `embedding`. The SQLite
-- file says more.
--
-- Frozen once shipped (see Migration).

CREATE TABLE card_embeddings (
    card_id BIGINT PRIMARY KEY REFERENCES cards(id) ON DELETE CASCADE,
    model TEXT NOT NULL,
    dimension BIGINT NOT NULL CHECK (dimension > 0),
    vector BYTEA NOT NULL
);

ALTER TABLE llm_usage DROP CONSTRAINT llm_usage_kind_check;
ALTER TABLE llm_usage ADD CONSTRAINT llm_usage_kind_check
    CHECK (kind IN ('batch', 'outline', 'unstored', 'review', 'embedding'));
