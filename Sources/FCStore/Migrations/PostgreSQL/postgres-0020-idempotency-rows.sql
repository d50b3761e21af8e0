-- idempotencyRows in PostgreSQL's dialect: nothing to change (a heap table with its primary key index is
-- already what version 20 makes SQLite's); the version keeps both histories the same length.

SELECT 1;
