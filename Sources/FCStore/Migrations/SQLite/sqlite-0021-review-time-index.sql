-- Version 21: drops `reviews_user_time (user_id, reviewed_at)`, an index entry every review paid for queries
-- that version 19's `reviews_user_topic_time (user_id, topic_id, reviewed_at, id, rating)` also serves.
--
-- Since version 19 the recall window, the one read on the review path, reads the topic index; what was left on
-- the time index was a learner's history (the calendar's days, the statistics' log), rare reads that now take
-- the learner's entries of the topic index (`SEARCH … USING INDEX reviews_user_topic_time (user_id=?)`) and
-- filter or sort them. Each review touched one page of the dropped index at a random place: about one WAL frame
-- of the nine a review writes under load. Deleting a learner still finds their reviews by the topic index, which
-- starts with `user_id`. Frozen once shipped (see Migration).

DROP INDEX reviews_user_time;
