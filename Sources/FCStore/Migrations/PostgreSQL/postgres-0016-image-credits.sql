-- Version 16 (imageCredits) in PostgreSQL's dialect.

CREATE TABLE image_credits (
    hash TEXT PRIMARY KEY REFERENCES images(hash) ON DELETE CASCADE,
    provider TEXT NOT NULL,
    author_name TEXT NOT NULL,
    author_url TEXT,
    photo_url TEXT,
    created_at BIGINT NOT NULL
);
