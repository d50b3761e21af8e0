-- Version 13: where generated cards came from (`fcgen generate --from FILE`).
--
-- - `sources`: one row per run over a file: its name as given, format (`text`, `markdown`, `html`, `pdf`),
-- the SHA-256 of its bytes (hex), size and section count. Written with the run's first stored batch.
-- - `card_sources`: per card, the source and the section it was made from: the section's 1-based index, its
-- title (heading path, `lines 12–30` or `page 3`), its span as Unicode-scalar offsets into the source's
-- (extracted) text, end exclusive, and for a PDF the page the section starts on.
--
-- Frozen once shipped (see Migration).

CREATE TABLE sources (
    id INTEGER PRIMARY KEY,
    topic_id INTEGER NOT NULL REFERENCES topics(id) ON DELETE CASCADE,
    file_name TEXT NOT NULL,
    format TEXT NOT NULL CHECK (format IN ('text', 'markdown', 'html', 'pdf')),
    sha256 TEXT NOT NULL,
    byte_count INTEGER NOT NULL,
    section_count INTEGER NOT NULL,
    created_at INTEGER NOT NULL
);
CREATE INDEX sources_topic ON sources (topic_id);

CREATE TABLE card_sources (
    card_id INTEGER PRIMARY KEY REFERENCES cards(id) ON DELETE CASCADE,
    source_id INTEGER NOT NULL REFERENCES sources(id) ON DELETE CASCADE,
    section_index INTEGER NOT NULL,
    section_title TEXT NOT NULL,
    start_offset INTEGER NOT NULL,
    end_offset INTEGER NOT NULL,
    page INTEGER
) WITHOUT ROWID;
CREATE INDEX card_sources_source ON card_sources (source_id);
