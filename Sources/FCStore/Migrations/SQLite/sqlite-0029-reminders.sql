-- Version 29: daily reminders a learner controls (Web Push and an iCalendar feed).
--
-- - `reminders`: one row per learner who set a reminder: the local time (`local_time`, "HH:MM", NULL when the
-- learner turned reminders off) in an IANA zone (`time_zone`), and the local day ("YYYY-MM-DD") of the last
-- reminder sent (`sent_day`): the reminder service claims a day with a conditional UPDATE, so several service
-- instances on one database send at most one reminder per learner and day.
-- - `calendar_feeds`: the learner's secret iCalendar feed URL, stored only as the SHA-256 (hex) of its secret;
-- replacing the feed replaces the row, deleting it revokes the URL.
-- - `push_subscriptions`: one row per browser the learner subscribed (the PushSubscription's endpoint, its P-256
-- public key `p256dh` and 16-byte `auth` secret, base64url). A push service's 404 or 410 deletes the row.
-- - `vapid_keys`: the service's one VAPID key pair (RFC 8292), made on first use: the P-256 private key (raw
-- 32 bytes, base64url). Every instance on the database signs with it, so subscriptions stay valid.
--
-- Times are Unix milliseconds. Frozen once shipped (see Migration).

CREATE TABLE reminders (
    user_id INTEGER PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
    local_time TEXT,
    time_zone TEXT NOT NULL,
    sent_day TEXT,
    updated_at INTEGER NOT NULL
);

CREATE TABLE calendar_feeds (
    user_id INTEGER PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
    feed_hash TEXT NOT NULL UNIQUE,
    created_at INTEGER NOT NULL
);

CREATE TABLE push_subscriptions (
    id INTEGER PRIMARY KEY,
    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    endpoint TEXT NOT NULL UNIQUE,
    p256dh TEXT NOT NULL,
    auth TEXT NOT NULL,
    created_at INTEGER NOT NULL
);
CREATE INDEX push_subscriptions_user ON push_subscriptions (user_id);

CREATE TABLE vapid_keys (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    private_key TEXT NOT NULL,
    created_at INTEGER NOT NULL
);
