-- Version 4 (cards by hand): card images, stored once by content hash.
--
-- `cards.image_ref` (from version 1) holds the SHA-256 hex of an `images` row. Numbered 4 because the study
-- tables take 3; until both are merged this list may skip 3 (see Migrator). Frozen once shipped.

CREATE TABLE images (
    hash TEXT PRIMARY KEY,
    mime TEXT NOT NULL CHECK (mime IN ('image/png', 'image/jpeg', 'image/gif')),
    bytes BLOB NOT NULL,
    size INTEGER NOT NULL,
    created_at INTEGER NOT NULL
) WITHOUT ROWID;

-- Which cards show an image: the unreferenced-image sweep after a delete or edit, and `card show`.
CREATE INDEX cards_image_ref ON cards (image_ref) WHERE image_ref IS NOT NULL;
