-- Version 25: a cloze card is asked once per deletion number, each number its own card with its own schedule
-- (Anki's siblings).
--
-- - `cards.cloze_number`: the deletion number a cloze card asks (1-999); NULL for every other kind (and for a
-- cloze text with no readable number, which is then asked with every deletion hidden).
-- - `cards.cloze_of`: for the second and later numbers of a cloze text, the card holding the text's first number
-- (the note's card, the one with no `cloze_of`); deleting it deletes its siblings. A sibling repeats the note's
-- text, kept in step on every edit, and its dedup key is the note's followed by U+001F "cloze:" and its number,
-- so siblings never count as duplicates of each other or of a new card.
--
-- Existing cloze cards keep their id, state and reviews for the lowest number in their text; every further
-- number gets a new card (new to every learner) at the end of the card's deck, in deck order then number order.
-- The numbers are read as the cloze parser reads them (`{{c` or `{{C`, 1-3 digits, `::`).
-- Frozen once shipped (see Migration).

ALTER TABLE cards ADD COLUMN cloze_number INTEGER CHECK (cloze_number BETWEEN 1 AND 999);
ALTER TABLE cards ADD COLUMN cloze_of INTEGER REFERENCES cards(id) ON DELETE CASCADE;
-- Partial, as cards_reverse_of: most cards have no note card.
CREATE INDEX cards_cloze_of ON cards (cloze_of) WHERE cloze_of IS NOT NULL;

CREATE TEMP TABLE cloze_numbers_0025 AS
WITH RECURSIVE scan(id, rest, number) AS (
    SELECT id, question, NULL FROM cards WHERE kind = 'cloze'
    UNION ALL
    SELECT id, substr(rest, instr(lower(rest), '{{c') + 3),
        substr(substr(rest, instr(lower(rest), '{{c') + 3), 1,
            instr(substr(rest, instr(lower(rest), '{{c') + 3), '::') - 1)
    FROM scan WHERE instr(lower(rest), '{{c') > 0
)
SELECT DISTINCT id, CAST(number AS INTEGER) AS number FROM scan
WHERE number GLOB '[0-9]*' AND NOT number GLOB '*[^0-9]*' AND length(number) <= 3
    AND CAST(number AS INTEGER) BETWEEN 1 AND 999;

UPDATE cards SET cloze_number = (SELECT MIN(n.number) FROM temp.cloze_numbers_0025 n WHERE n.id = cards.id)
WHERE kind = 'cloze';

INSERT INTO cards (topic_id, batch_id, kind, question, answer, explanation, image_ref, image_query, origin,
    dedup_key, position, created_at, updated_at, cloze_number, cloze_of)
SELECT c.topic_id, c.batch_id, c.kind, c.question, c.answer, c.explanation, c.image_ref, c.image_query, c.origin,
    c.dedup_key || char(31) || 'cloze:' || n.number,
    (SELECT MAX(m.position) FROM cards m WHERE m.topic_id = c.topic_id)
        + ROW_NUMBER() OVER (PARTITION BY c.topic_id ORDER BY c.position, c.id, n.number),
    c.created_at, c.updated_at, n.number, c.id
FROM cards c JOIN temp.cloze_numbers_0025 n ON n.id = c.id
WHERE c.kind = 'cloze' AND n.number > c.cloze_number;

DROP TABLE temp.cloze_numbers_0025;
