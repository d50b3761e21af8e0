-- Version 10: what the HTTP service (`fcgen serve`) keeps.
--
-- - `api_tokens`: bearer tokens, stored only as the SHA-256 of the token (hex) — a stolen database file hands
-- out no working token — plus a short non-secret `prefix` so `fcgen token list` can tell tokens apart.
-- A token belongs to one learner; `is_admin` tokens may also manage content.
-- - `idempotency_keys`: one row per (learner, `Idempotency-Key`) with the hash of the request it answered and
-- the response it gave, written in the same transaction as the reviews, so a retried request gets the same
-- answer and never records (or pays XP) twice.
--
-- Frozen once shipped (see Migration).

CREATE TABLE api_tokens (
    id INTEGER PRIMARY KEY,
    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    token_hash TEXT NOT NULL UNIQUE,
    prefix TEXT NOT NULL,
    is_admin INTEGER NOT NULL DEFAULT 0 CHECK (is_admin IN (0, 1)),
    created_at INTEGER NOT NULL,
    expires_at INTEGER,
    revoked_at INTEGER
);
CREATE INDEX api_tokens_user ON api_tokens (user_id);

CREATE TABLE idempotency_keys (
    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    key TEXT NOT NULL,
    request_hash TEXT NOT NULL,
    status INTEGER NOT NULL,
    response TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    PRIMARY KEY (user_id, key)
) WITHOUT ROWID;
