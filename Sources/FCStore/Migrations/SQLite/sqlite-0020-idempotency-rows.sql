-- Version 20: `idempotency_keys` as a rowid table with a unique index, no longer `WITHOUT ROWID`.
--
-- Each key's row holds the whole stored response (hundreds of bytes), and a `WITHOUT ROWID` table keeps whole
-- rows in its key order: a few rows a page, inserted at random places (a learner's key), so a third of the inserts
-- split a page (https://www.sqlite.org/withoutrowid.html#when_to_use_without_rowid: rows above about a
-- twentieth of a page are better in a rowid table). As a rowid table the rows go to its end, where the reviews of
-- one group commit share a page, and only the narrow `(user_id, key)` index takes a random place. Same columns,
-- same answers. Frozen once shipped (see Migration).

CREATE TABLE idempotency_keys_rows (
    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    key TEXT NOT NULL,
    request_hash TEXT NOT NULL,
    status INTEGER NOT NULL,
    response TEXT NOT NULL,
    created_at INTEGER NOT NULL
);
INSERT INTO idempotency_keys_rows (user_id, key, request_hash, status, response, created_at)
    SELECT user_id, key, request_hash, status, response, created_at FROM idempotency_keys;
DROP TABLE idempotency_keys;
ALTER TABLE idempotency_keys_rows RENAME TO idempotency_keys;
CREATE UNIQUE INDEX idempotency_keys_user_key ON idempotency_keys (user_id, key);
