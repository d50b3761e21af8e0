-- pendingImportTopics in PostgreSQL's dialect.

ALTER TABLE topics ADD COLUMN import_staging_id BIGINT;
CREATE INDEX topics_pending_import ON topics (import_staging_id) WHERE import_staging_id IS NOT NULL;
