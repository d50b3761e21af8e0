-- Version 16: who made a picture an image resolver found (`fcgen generate --images unsplash`), one row per
-- stored image (by content hash), so the card that shows it can credit its author as the provider asks.
--
-- `provider` names the resolver (`unsplash`); `author_name` is the photographer, `author_url` their profile
-- page, `photo_url` the photo's page. The row goes with its image (`ON DELETE CASCADE`): the unused-image
-- sweep after a card edit or delete takes the credit along. Uploaded and imported images have none.
--
-- Frozen once shipped (see Migration).

CREATE TABLE image_credits (
    hash TEXT PRIMARY KEY REFERENCES images(hash) ON DELETE CASCADE,
    provider TEXT NOT NULL,
    author_name TEXT NOT NULL,
    author_url TEXT,
    photo_url TEXT,
    created_at INTEGER NOT NULL
) WITHOUT ROWID;
