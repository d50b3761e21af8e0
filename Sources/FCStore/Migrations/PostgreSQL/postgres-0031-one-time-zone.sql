-- Version 31 (one time zone) on PostgreSQL: a learner without a zone of their own takes their reminder's, and the
-- reminder's own zone goes; see sqlite-0031-one-time-zone.sql. Frozen once shipped.

UPDATE users SET time_zone = r.time_zone FROM reminders r WHERE r.user_id = users.id AND users.time_zone IS NULL;

ALTER TABLE reminders DROP COLUMN time_zone;
