-- Version 6: fewer indexes for every review to update.
--
-- - Drops `card_states_user_due`, which no query uses. Every review moves the card's `due`, so each index on it
-- costs a delete and an insert per review. The due queries seek `card_states_user_level_due` (the study
-- queue forces it with `INDEXED BY`); the per-card and per-topic reads use the primary key
-- `(user_id, card_id)` or `card_states_card`; deleting a learner cascades through the primary key's
-- `user_id` prefix.
-- - Replaces `reviews_user_card_time (user_id, card_id, reviewed_at)` and `reviews_card (card_id)` with one
-- `reviews_card_user_time (card_id, user_id, reviewed_at)`: it serves a learner's card log (both columns are
-- equality-bound) and, through its `card_id` prefix, the topic log, card renumbering and the foreign-key
-- cascade from `cards`; each review inserts into one index fewer. Building it reads the log once.
--
-- `EXPLAIN QUERY PLAN` before and after, for every query on the two tables in the sources: study queue
-- `SEARCH s USING COVERING INDEX card_states_user_level_due (user_id=? AND level=? AND due<?)` (unchanged);
-- review context `SEARCH card_states USING PRIMARY KEY (user_id=? AND card_id=?)` (unchanged); summaries and
-- the known check `… USING PRIMARY KEY` (unchanged); progress, rebuilds, refill rule `card_states_card
-- (card_id=?)` (unchanged); recall window `reviews_user_time (user_id=? AND reviewed_at<?)` (unchanged); card
-- log `reviews_user_card_time (user_id=? AND card_id=?)` → `reviews_card_user_time (card_id=? AND user_id=?)`;
-- topic log `reviews_card (card_id=?)` → `reviews_card_user_time (card_id=?)`. No plan named the dropped
-- `card_states_user_due`. Frozen once shipped (see Migration).

DROP INDEX IF EXISTS card_states_user_due;
CREATE INDEX reviews_card_user_time ON reviews (card_id, user_id, reviewed_at);
DROP INDEX IF EXISTS reviews_user_card_time;
DROP INDEX IF EXISTS reviews_card;
