-- Version 11 (bookmarks) in PostgreSQL's dialect.

CREATE TABLE bookmarks (
    user_id BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    card_id BIGINT NOT NULL REFERENCES cards(id) ON DELETE CASCADE,
    created_at BIGINT NOT NULL,
    PRIMARY KEY (user_id, card_id)
);
CREATE INDEX bookmarks_user_created ON bookmarks (user_id, created_at);
CREATE INDEX bookmarks_card ON bookmarks (card_id);
