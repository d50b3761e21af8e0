extension Migration {
    /// Version 19: each review carries its card's topic (`reviews.topic_id`), and the recall window reads one index.
    ///
    /// The window is a learner's latest reviews *in a topic*. Before, it walked the learner's reviews of every
    /// topic backwards by time and looked up each one's review row and card to test the topic, until it had found
    /// the window: under `fcgen-bench serve` a tenth of the store writer's time, and without bound for a learner
    /// with a long history in other topics. `reviews_user_topic_time (user_id, topic_id, reviewed_at, id, rating)`
    /// holds exactly the window's rows in its order (the id as a column, so a backward walk gives `(reviewed_at,
    /// id)` order) with the rating, so the window is one range of at most its size, without a table lookup. The
    /// reviews' inserts take the topic from the card (`(SELECT topic_id FROM cards WHERE id = …)`); moving a card
    /// to another topic moves its reviews' topic too. Filled from the cards here, once.
    ///
    /// Frozen once shipped (see ``Migration``).
    static let reviewTopics = Migration(
        version: 19,
        name: "review topics",
        sql: """
            ALTER TABLE reviews ADD COLUMN topic_id INTEGER;
            UPDATE reviews SET topic_id = (SELECT c.topic_id FROM cards c WHERE c.id = reviews.card_id);
            CREATE INDEX reviews_user_topic_time ON reviews (user_id, topic_id, reviewed_at, id, rating);
            """
    )

    /// ``reviewTopics`` in PostgreSQL's dialect: the same column and index (the rating as an included column), and
    /// `fcgen_recent_reviews` (version 17) reading the window from that index instead of testing each review's card.
    /// Its settings stay: without planner statistics a sort or a bitmap scan would still be priced too cheap.
    static let postgresReviewTopics = Migration(
        version: 19,
        name: "review topics",
        sql: """
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
            """
    )
}
