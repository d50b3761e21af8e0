-- Version 18: a topic an import is still filling (`topics.import_staging_id`, the `import_stagings` row of that
-- import; `NULL` for every other topic).
--
-- An import that creates a topic moves its cards in chunks of short transactions into a topic marked so, under
-- a name no user topic can have; every reader of topics and cards skips it, and one short transaction names it
-- and clears the mark. A marked topic whose import died is swept with its staging. No foreign key: a staging is
-- deleted only after its topic is revealed or swept. Frozen once shipped (see Migration).

ALTER TABLE topics ADD COLUMN import_staging_id INTEGER;
-- Partial: readers ask "which topics are hidden?" in every topic and card query, and the answer is
-- almost always none; the index holds only those.
CREATE INDEX topics_pending_import ON topics (import_staging_id) WHERE import_staging_id IS NOT NULL;
