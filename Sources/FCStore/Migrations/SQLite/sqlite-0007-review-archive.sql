-- Version 7: the archive of reviews whose cards were deleted, so a learner's history outlives their decks.
--
-- Deleting a card (or its topic) deletes its learning state and its reviews from `reviews` (the scheduler's
-- log). The learner's XP for those reviews stays in `xp_events`, so the history (reviews, minutes, new cards
-- and XP per day) must keep them too, or XP and history would disagree: each deleted review is copied here in
-- the deleting transaction. `card_id` and `topic_id` name what was deleted (no foreign keys: the rows are
-- gone, and a later card may reuse the id); `first_review` marks the card's first review (a new card learned
-- that day); `archived_at` is when it was deleted. Deleting the learner deletes their archive.
--
-- Times are Unix milliseconds. Frozen once shipped (see Migration).

CREATE TABLE archived_reviews (
    id INTEGER PRIMARY KEY,
    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    card_id INTEGER NOT NULL,
    topic_id INTEGER NOT NULL,
    rating INTEGER NOT NULL,
    reviewed_at INTEGER NOT NULL,
    duration_ms INTEGER,
    first_review INTEGER NOT NULL,
    archived_at INTEGER NOT NULL
);
-- A learner's history over a date range, and their lifetime totals.
CREATE INDEX archived_reviews_user_time ON archived_reviews (user_id, reviewed_at);
