-- Version 26: accounts — a learner's password, the web app's sign-in sessions, and operators' invites.
--
-- - `user_credentials`: one row per learner who signs in with a password: the bcrypt hash (never the password;
-- hashed by the service, the store sees only the hash) and whether sessions of this learner may manage content
-- (`is_admin`, set by an admin invite). Learners with tokens only have no row and keep working.
-- - `login_sessions`: one row per signed-in browser: only the SHA-256 (hex) of the session id the cookie holds —
-- a stolen database file signs nobody in — the learner, and when the session ends. Signing out deletes the row;
-- "sign out everywhere" deletes the learner's rows.
-- - `invites`: an operator's one-use sign-up code (`fcgen invite create`), stored as its SHA-256 (hex), with its
-- expiry, whether the account it makes is an admin, and when and by whom it was used (NULL until then).
--
-- Frozen once shipped (see Migration).

CREATE TABLE user_credentials (
    user_id INTEGER PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
    password_hash TEXT NOT NULL,
    is_admin INTEGER NOT NULL DEFAULT 0 CHECK (is_admin IN (0, 1)),
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL
);

CREATE TABLE login_sessions (
    id INTEGER PRIMARY KEY,
    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    session_hash TEXT NOT NULL UNIQUE,
    created_at INTEGER NOT NULL,
    expires_at INTEGER NOT NULL
);
CREATE INDEX login_sessions_user ON login_sessions (user_id);

CREATE TABLE invites (
    id INTEGER PRIMARY KEY,
    code_hash TEXT NOT NULL UNIQUE,
    is_admin INTEGER NOT NULL DEFAULT 0 CHECK (is_admin IN (0, 1)),
    created_at INTEGER NOT NULL,
    expires_at INTEGER NOT NULL,
    used_at INTEGER,
    used_by INTEGER REFERENCES users(id) ON DELETE SET NULL
);
