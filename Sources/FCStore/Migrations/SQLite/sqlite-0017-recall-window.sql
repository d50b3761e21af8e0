-- Version 17: the recall window (a learner's latest reviews in a topic, `Store+RecentRecall.swift`) cheap on
-- PostgreSQL whether or not the planner has statistics.
--
-- SQLite: nothing to change. Its `reviews_user_time (user_id, reviewed_at)` already ends with the rowid (the
-- review id), so the window walks it backwards in `(reviewed_at, id)` order and stops after the window
-- (`EXPLAIN QUERY PLAN`: `SEARCH r USING INDEX reviews_user_time (user_id=? AND reviewed_at<?)`, no temp
-- b-tree); the version only keeps both histories the same length.
--
-- Frozen once shipped (see Migration).

SELECT 1;
