-- Version 4 on PostgreSQL: images's schema. Frozen once shipped.

CREATE TABLE images (
    hash TEXT PRIMARY KEY,
    mime TEXT NOT NULL CHECK (mime IN ('image/png', 'image/jpeg', 'image/gif')),
    bytes BYTEA NOT NULL,
    size BIGINT NOT NULL,
    created_at BIGINT NOT NULL
);

CREATE INDEX cards_image_ref ON cards (image_ref) WHERE image_ref IS NOT NULL;
