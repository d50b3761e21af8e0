-- Version 22 (topicKinds): the card kinds a topic remembers (`--kinds`), NULL for none.

ALTER TABLE topic_generation ADD COLUMN kinds TEXT;
