-- Version 27 on PostgreSQL: a placeholder (see sqlite-0027-placeholder.sql); dropped when the real one lands.
SELECT 1;
