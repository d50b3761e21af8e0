-- Version 27: password resets — an operator's one-use link that sets a learner's password
-- (`fcgen password-reset create --user NAME`), also how a learner with tokens only chooses a first password.
--
-- - `password_resets`: one row per link: only the SHA-256 (hex) of its code (a stolen database file resets
-- nobody's password), the learner it is for, when it expires, and when it was used or voided (NULL until then).
-- A newer link for the same learner voids the older unused ones (`voided_at`); using one sets `used_at`. The
-- learner's rows go with the learner.
--
-- Frozen once shipped (see Migration).

CREATE TABLE password_resets (
    id INTEGER PRIMARY KEY,
    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    code_hash TEXT NOT NULL UNIQUE,
    created_at INTEGER NOT NULL,
    expires_at INTEGER NOT NULL,
    used_at INTEGER,
    voided_at INTEGER
);
CREATE INDEX password_resets_user ON password_resets (user_id);
