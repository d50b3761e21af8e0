-- Version 11: a learner's bookmarked cards (the feed's swipe left), one row per learner and card.
--
-- Both foreign keys cascade: a deleted card or learner takes its bookmarks along. The index serves the
-- learner's list, newest first.
--
-- Frozen once shipped (see Migration).

CREATE TABLE bookmarks (
    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    card_id INTEGER NOT NULL REFERENCES cards(id) ON DELETE CASCADE,
    created_at INTEGER NOT NULL,
    PRIMARY KEY (user_id, card_id)
) WITHOUT ROWID;
CREATE INDEX bookmarks_user_created ON bookmarks (user_id, created_at);
CREATE INDEX bookmarks_card ON bookmarks (card_id);
