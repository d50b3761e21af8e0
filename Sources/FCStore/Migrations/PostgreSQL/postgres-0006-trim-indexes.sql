-- Version 6 on PostgreSQL: trimIndexes's schema. Frozen once shipped.

DROP INDEX IF EXISTS card_states_user_due;
CREATE INDEX reviews_card_user_time ON reviews (card_id, user_id, reviewed_at);
DROP INDEX IF EXISTS reviews_user_card_time;
DROP INDEX IF EXISTS reviews_card;
