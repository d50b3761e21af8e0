-- Version 31: one time zone per learner. The learner's zone (`users.time_zone`: their day for streaks, XP and
-- "due today") is also their reminder's; the reminder's own zone (`reminders.time_zone`, version 29) goes.
--
-- A learner who set a reminder but no zone of their own takes the reminder's zone, which they chose on Me. Where
-- both were set and differ, the learner's zone stays: it decides which day each earlier answer counted for, and
-- moving it would move their streak; the reminder then follows it (they can change both at once on Me).
--
-- Frozen once shipped (see Migration).

UPDATE users SET time_zone = (SELECT r.time_zone FROM reminders r WHERE r.user_id = users.id)
WHERE time_zone IS NULL AND EXISTS (SELECT 1 FROM reminders r WHERE r.user_id = users.id);

ALTER TABLE reminders DROP COLUMN time_zone;
