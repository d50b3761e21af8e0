-- Version 3: learners, their per-card learning state, the review log and study sessions.
--
-- - `users`: learners; names are unique ignoring case. The default learner ("local") is created on first use
-- (``Store/ensureUser(named:)``), not here, so that its `created_at` comes from the injected clock.
-- - `card_states`: one row per learner and card once the learner has reviewed it (no row = new). A cache of
-- the review log under the topic's algorithm; `level` is the knowledge level the study queue orders by
-- (0 = in learning steps, higher = stronger; computed by the pipeline).
-- - `reviews`: the append-only log, the source of truth; `scheduled_days` is the interval the scheduler chose.
-- - `sessions`: one study session each (spaced, free or quiz), its planned queue (JSON array of card ids),
-- how far it got (`position`) and its counters.
-- - `topics.algorithm`: the topic's scheduling algorithm, `badger` unless changed.
--
-- Deleting a card (or its topic) deletes its states and reviews; deleting a session keeps its reviews.
-- Times are Unix milliseconds. Frozen once shipped (see Migration).

ALTER TABLE topics ADD COLUMN algorithm TEXT NOT NULL DEFAULT 'badger';

CREATE TABLE users (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL UNIQUE COLLATE NOCASE,
    time_zone TEXT,
    created_at INTEGER NOT NULL
);

CREATE TABLE sessions (
    id INTEGER PRIMARY KEY,
    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    mode TEXT NOT NULL CHECK (mode IN ('spaced', 'free', 'quiz')),
    topics_json TEXT NOT NULL DEFAULT '[]',
    queue_json TEXT NOT NULL DEFAULT '[]',
    position INTEGER NOT NULL DEFAULT 0,
    started_at INTEGER NOT NULL,
    ended_at INTEGER,
    cards INTEGER NOT NULL DEFAULT 0,
    correct INTEGER NOT NULL DEFAULT 0,
    failed INTEGER NOT NULL DEFAULT 0,
    empty INTEGER NOT NULL DEFAULT 0,
    rating_sum INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX sessions_user_started ON sessions (user_id, started_at);

CREATE TABLE card_states (
    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    card_id INTEGER NOT NULL REFERENCES cards(id) ON DELETE CASCADE,
    algorithm TEXT NOT NULL,
    phase INTEGER NOT NULL,
    step INTEGER,
    stability REAL,
    difficulty REAL,
    box INTEGER,
    due INTEGER NOT NULL,
    last_review INTEGER,
    reps INTEGER NOT NULL DEFAULT 0,
    lapses INTEGER NOT NULL DEFAULT 0,
    level INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (user_id, card_id)
) WITHOUT ROWID;
-- "Next due" for a learner, and due counts: a range scan, never a table scan.
CREATE INDEX card_states_user_due ON card_states (user_id, due);
-- The study queue: weakest level first, then earliest due, stopping after the cards it needs.
CREATE INDEX card_states_user_level_due ON card_states (user_id, level, due);
-- Foreign-key child index (https://www.sqlite.org/foreignkeys.html#fk_indexes); also "who studied this card".
CREATE INDEX card_states_card ON card_states (card_id);

CREATE TABLE reviews (
    id INTEGER PRIMARY KEY,
    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    card_id INTEGER NOT NULL REFERENCES cards(id) ON DELETE CASCADE,
    session_id INTEGER REFERENCES sessions(id) ON DELETE SET NULL,
    rating INTEGER NOT NULL CHECK (rating BETWEEN 0 AND 3),
    reviewed_at INTEGER NOT NULL,
    duration_ms INTEGER,
    elapsed_days INTEGER,
    scheduled_days REAL NOT NULL,
    algorithm TEXT NOT NULL
);
-- A card's log for a rebuild, in time order.
CREATE INDEX reviews_user_card_time ON reviews (user_id, card_id, reviewed_at);
-- Statistics and streaks: a learner's reviews in time order.
CREATE INDEX reviews_user_time ON reviews (user_id, reviewed_at);
-- Foreign-key child indexes.
CREATE INDEX reviews_card ON reviews (card_id);
CREATE INDEX reviews_session ON reviews (session_id) WHERE session_id IS NOT NULL;
