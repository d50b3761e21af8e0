-- Version 5: gamification — the learner's engine state, the award ledger, challenges, boxes, achievements and
-- daily stats.
--
-- - `gamification_state`: one row per learner: the pure engine's `Codable` state (running totals, so a profile
-- never rescans reviews) and `total_xp`, the sum of the XP of every award actually inserted into
-- `xp_events`; it is authoritative over the XP inside `state_json`.
-- - `xp_events`: the award ledger. `UNIQUE (user_id, kind, reference)` makes awards idempotent: every write is
-- `INSERT OR IGNORE`, in the transaction of the event that earned it, so a replayed or retried event never
-- pays twice. `session_id` ties an award to the session whose answer (or end) earned it, for the summary.
-- - `challenges`: a learner's three challenges per local day (`day` is `YYYY-MM-DD` in the learner's zone),
-- `expires_at` the start of their next local day.
-- - `boxes`: mystery boxes; `opened_at`/`xp` stay NULL until opened.
-- - `achievements`: unlocked achievements, once each.
-- - `daily_stats`: per learner and local day, the numbers the leaderboard ranks.
-- - `sessions.perfect`: answers in the session recalled on the first try (for boxes and Perfectionist).
--
-- Times are Unix milliseconds. Frozen once shipped (see Migration).

ALTER TABLE sessions ADD COLUMN perfect INTEGER NOT NULL DEFAULT 0;

CREATE TABLE gamification_state (
    user_id INTEGER PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
    state_json TEXT NOT NULL,
    total_xp INTEGER NOT NULL DEFAULT 0,
    updated_at INTEGER NOT NULL
);

CREATE TABLE xp_events (
    id INTEGER PRIMARY KEY,
    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    kind TEXT NOT NULL,
    reference TEXT NOT NULL,
    xp INTEGER NOT NULL,
    day TEXT NOT NULL,
    earned_at INTEGER NOT NULL,
    session_id INTEGER REFERENCES sessions(id) ON DELETE SET NULL,
    UNIQUE (user_id, kind, reference)
);
-- A session's rewards for its summary.
CREATE INDEX xp_events_session ON xp_events (session_id) WHERE session_id IS NOT NULL;

CREATE TABLE challenges (
    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    day TEXT NOT NULL,
    kind TEXT NOT NULL,
    target INTEGER NOT NULL,
    xp INTEGER NOT NULL,
    progress INTEGER NOT NULL DEFAULT 0,
    completed_at INTEGER,
    expires_at INTEGER NOT NULL,
    PRIMARY KEY (user_id, day, kind)
) WITHOUT ROWID;

CREATE TABLE boxes (
    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    box_id TEXT NOT NULL,
    session_id INTEGER NOT NULL,
    ordinal INTEGER NOT NULL,
    rarity TEXT NOT NULL,
    earned_at INTEGER NOT NULL,
    opened_at INTEGER,
    xp INTEGER,
    PRIMARY KEY (user_id, box_id)
) WITHOUT ROWID;

CREATE TABLE achievements (
    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    achievement_id TEXT NOT NULL,
    unlocked_at INTEGER NOT NULL,
    PRIMARY KEY (user_id, achievement_id)
) WITHOUT ROWID;

CREATE TABLE daily_stats (
    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    day TEXT NOT NULL,
    cards_reviewed INTEGER NOT NULL DEFAULT 0,
    topics_explored INTEGER NOT NULL DEFAULT 0,
    achievements INTEGER NOT NULL DEFAULT 0,
    xp INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (user_id, day)
) WITHOUT ROWID;
-- The leaderboard: every learner's row for one day.
CREATE INDEX daily_stats_day ON daily_stats (day);
