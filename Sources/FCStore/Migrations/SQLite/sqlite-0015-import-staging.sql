-- Version 15: where an import's rows wait, in chunks of short transactions, before one transaction moves them
-- into `cards` (see `Store+StagedImport.swift`).
--
-- `import_stagings` has one row per import under way: `touched_at` moves with every chunk, so a staging
-- nobody touched for a while belongs to a crashed import and is swept; `moved_at` is set by the transaction
-- that moved its cards, after which only the clean-up of its rows is left. `import_staged_cards` holds the
-- cards to create in order (`seq`), a reversed row's twin as a row of its own whose `twin_of` is its
-- original's dedup key; `UNIQUE (staging_id, dedup_key)` is how an import skips its own repeated questions.
-- `import_staged_images` holds the pictures rows refer to. Frozen once shipped.

CREATE TABLE import_stagings (
    id INTEGER PRIMARY KEY,
    started_at INTEGER NOT NULL,
    touched_at INTEGER NOT NULL,
    moved_at INTEGER
);

CREATE TABLE import_staged_cards (
    staging_id INTEGER NOT NULL REFERENCES import_stagings(id) ON DELETE CASCADE,
    seq INTEGER NOT NULL,
    kind TEXT NOT NULL,
    question TEXT NOT NULL,
    answer TEXT NOT NULL,
    explanation TEXT,
    image_ref TEXT,
    choices_json TEXT,
    dedup_key TEXT NOT NULL,
    twin_of TEXT,
    PRIMARY KEY (staging_id, seq),
    UNIQUE (staging_id, dedup_key)
) WITHOUT ROWID;

CREATE TABLE import_staged_images (
    staging_id INTEGER NOT NULL REFERENCES import_stagings(id) ON DELETE CASCADE,
    hash TEXT NOT NULL,
    mime TEXT NOT NULL,
    bytes BLOB NOT NULL,
    size INTEGER NOT NULL,
    PRIMARY KEY (staging_id, hash)
) WITHOUT ROWID;
