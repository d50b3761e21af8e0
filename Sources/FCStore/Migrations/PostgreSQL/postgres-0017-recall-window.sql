-- Version 17 (recallWindow) in PostgreSQL's dialect.
--
-- - `reviews_user_time_id (user_id, reviewed_at, id)` replaces `reviews_user_time`: the index gives the
-- window's whole order, so a backward scan of it stops after the window's reviews.
-- - `fcgen_recent_reviews(user, topic, before, window)` returns the window's reviews `(reviewed_at, id,
-- rating)`, latest first, and `fcgen_recent_recall(user, topic, before, window)` their `(reviews, passed)`.
-- On a database without statistics (a new one, or one autovacuum has not analyzed yet) the planner guesses a
-- handful of rows for the learner and chose a bitmap scan of ALL their reviews, a test of each one's topic
-- and a sort (6 ms a review at 2,000 reviews in fcgen-bench, growing with the log), with the join and with
-- the topic as a scalar subquery alike. `fcgen_recent_reviews` plans its query with sorts and bitmap scans
-- priced out (`SET enable_sort = off, enable_bitmapscan = off`: still possible, only costed as a last
-- resort), so it always walks `reviews_user_time_id` backwards and stops after `window` reviews of the topic
-- (0.1–0.2 ms). The settings hold while the function runs only: a function with settings is never inlined
-- into the calling query, whose plan they would otherwise change.
--
-- Frozen once shipped (see Migration).

CREATE INDEX reviews_user_time_id ON reviews (user_id, reviewed_at, id);
DROP INDEX reviews_user_time;
CREATE FUNCTION fcgen_recent_reviews(p_user BIGINT, p_topic BIGINT, p_before BIGINT, p_window BIGINT)
RETURNS TABLE (reviewed_at BIGINT, id BIGINT, rating BIGINT)
LANGUAGE sql STABLE
SET enable_sort = off
SET enable_bitmapscan = off
AS '
    SELECT r.reviewed_at, r.id, r.rating FROM reviews r
    WHERE r.user_id = p_user AND r.reviewed_at <= p_before
        AND (SELECT c.topic_id FROM cards c WHERE c.id = r.card_id) = p_topic
    ORDER BY r.reviewed_at DESC, r.id DESC
    LIMIT p_window
';
CREATE FUNCTION fcgen_recent_recall(p_user BIGINT, p_topic BIGINT, p_before BIGINT, p_window BIGINT)
RETURNS TABLE (reviews BIGINT, passed BIGINT)
LANGUAGE sql STABLE
AS '
    SELECT COUNT(*), COALESCE(SUM(CASE WHEN w.rating > 0 THEN 1 ELSE 0 END), 0)
    FROM fcgen_recent_reviews(p_user, p_topic, p_before, p_window) w
';
