-- Version 27: a placeholder, so that version 28 follows without a gap on this branch. Another change ships the
-- real version 27; this file is dropped when the two meet.
SELECT 1;
