-- reviewTimeIndex in PostgreSQL's dialect: the same index there is version 17's `reviews_user_time_id`.

DROP INDEX reviews_user_time_id;
