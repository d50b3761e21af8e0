-- reviewTopics in PostgreSQL's dialect: the same column and index (the rating as an included column), and
-- `fcgen_recent_reviews` (version 17) reading the window from that index instead of testing each review's card.
-- Its settings stay: without planner statistics a sort or a bitmap scan would still be priced too cheap.

ALTER TABLE reviews ADD COLUMN topic_id BIGINT;
UPDATE reviews r SET topic_id = c.topic_id FROM cards c WHERE c.id = r.card_id;
CREATE INDEX reviews_user_topic_time ON reviews (user_id, topic_id, reviewed_at, id) INCLUDE (rating);
CREATE OR REPLACE FUNCTION fcgen_recent_reviews(
    p_user BIGINT, p_topic BIGINT, p_before BIGINT, p_window BIGINT)
RETURNS TABLE (reviewed_at BIGINT, id BIGINT, rating BIGINT)
LANGUAGE sql STABLE
SET enable_sort = off
SET enable_bitmapscan = off
AS '
    SELECT r.reviewed_at, r.id, r.rating FROM reviews r
    WHERE r.user_id = p_user AND r.topic_id = p_topic AND r.reviewed_at <= p_before
    ORDER BY r.reviewed_at DESC, r.id DESC
    LIMIT p_window
';
