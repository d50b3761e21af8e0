-- Version 7: what learners can do to a card besides answering it, and what undoing an answer needs.
--
-- - `card_flags`: per learner and card, `suspended_at` (out of every study queue until unsuspended) and
-- `buried_until` (out of the queues until that time, the start of the learner's next local day). A row
-- exists only for a card that was buried or suspended, so the queue queries' `NOT EXISTS` probe is one
-- primary-key lookup that almost always finds nothing.
-- - `session_answers`: one row per answer given in a stored session, at its queue position, holding what
-- undoing it must restore (the card state, the session counters and the gamification rows as they were
-- before, and what the answer inserted), written in the answer's own transaction. No foreign key to
-- `cards`: a deleted card's answers stay, and undoing one is refused. Frozen once shipped (see
-- Migration).

CREATE TABLE card_flags (
    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    card_id INTEGER NOT NULL REFERENCES cards(id) ON DELETE CASCADE,
    suspended_at INTEGER,
    buried_until INTEGER,
    PRIMARY KEY (user_id, card_id)
) WITHOUT ROWID;
-- Foreign-key child index (deleting a card).
CREATE INDEX card_flags_card ON card_flags (card_id);

CREATE TABLE session_answers (
    session_id INTEGER NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
    position INTEGER NOT NULL,
    card_id INTEGER NOT NULL,
    review_id INTEGER,
    answered_at INTEGER NOT NULL,
    undo_json TEXT NOT NULL,
    PRIMARY KEY (session_id, position)
) WITHOUT ROWID;
