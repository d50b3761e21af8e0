-- Version 1: topics, batches and cards.
--
-- Times are Unix milliseconds (INTEGER). Users, card states, reviews and jobs arrive in later migrations.
-- Frozen: this SQL has shipped, so it must never be edited (see Migration).

CREATE TABLE topics (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL UNIQUE COLLATE NOCASE,
    color TEXT,
    icon TEXT,
    created_at INTEGER NOT NULL
);

CREATE TABLE batches (
    id INTEGER PRIMARY KEY,
    topic_id INTEGER NOT NULL REFERENCES topics(id) ON DELETE CASCADE,
    number INTEGER NOT NULL,
    aspect TEXT NOT NULL,
    depth TEXT NOT NULL,
    provider TEXT NOT NULL,
    model TEXT NOT NULL,
    prompt_hash TEXT NOT NULL,
    status TEXT NOT NULL DEFAULT 'complete',
    outcome TEXT NOT NULL,
    cards_kept INTEGER NOT NULL DEFAULT 0,
    dropped_json TEXT NOT NULL DEFAULT '{}',
    input_tokens INTEGER,
    output_tokens INTEGER,
    latency_ms INTEGER NOT NULL DEFAULT 0,
    error TEXT,
    created_at INTEGER NOT NULL,
    UNIQUE (topic_id, number)
);

CREATE TABLE cards (
    id INTEGER PRIMARY KEY,
    topic_id INTEGER NOT NULL REFERENCES topics(id) ON DELETE CASCADE,
    batch_id INTEGER REFERENCES batches(id) ON DELETE SET NULL,
    kind TEXT NOT NULL,
    question TEXT NOT NULL,
    answer TEXT NOT NULL,
    explanation TEXT,
    image_ref TEXT,
    image_query TEXT,
    origin TEXT NOT NULL,
    reverse_of INTEGER REFERENCES cards(id) ON DELETE SET NULL,
    dedup_key TEXT NOT NULL,
    position INTEGER NOT NULL,
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL,
    UNIQUE (topic_id, dedup_key)
);

-- Deck order, the next position, and the newest questions for a prompt's avoid-list.
CREATE INDEX cards_topic_position ON cards (topic_id, position);
-- Foreign-key children need an index, or deleting a batch scans every card
-- (https://www.sqlite.org/foreignkeys.html#fk_indexes).
CREATE INDEX cards_batch ON cards (batch_id);
-- Partial: reverse links are rare, so NULLs stay out of the index and out of every insert's writes;
-- the FK lookup "reverse_of = ?" implies NOT NULL and still uses it
-- (https://www.sqlite.org/partialindex.html#queries_using_partial_indexes).
CREATE INDEX cards_reverse_of ON cards (reverse_of) WHERE reverse_of IS NOT NULL;
