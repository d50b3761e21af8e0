-- Version 19: each review carries its card's topic (`reviews.topic_id`), and the recall window reads one index.
--
-- The window is a learner's latest reviews *in a topic*. Before, it walked the learner's reviews of every
-- topic backwards by time and looked up each one's review row and card to test the topic, until it had found
-- the window: under `fcgen-bench serve` a tenth of the store writer's time, and without bound for a learner
-- with a long history in other topics. `reviews_user_topic_time (user_id, topic_id, reviewed_at, id, rating)`
-- holds exactly the window's rows in its order (the id as a column, so a backward walk gives `(reviewed_at,
-- id)` order) with the rating, so the window is one range of at most its size, without a table lookup. The
-- reviews' inserts take the topic from the card (`(SELECT topic_id FROM cards WHERE id = …)`); moving a card
-- to another topic moves its reviews' topic too. Filled from the cards here, once.
--
-- Frozen once shipped (see Migration).

ALTER TABLE reviews ADD COLUMN topic_id INTEGER;
UPDATE reviews SET topic_id = (SELECT c.topic_id FROM cards c WHERE c.id = reviews.card_id);
CREATE INDEX reviews_user_topic_time ON reviews (user_id, topic_id, reviewed_at, id, rating);
