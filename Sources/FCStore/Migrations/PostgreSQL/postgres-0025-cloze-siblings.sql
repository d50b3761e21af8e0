-- clozeSiblings in PostgreSQL's dialect (see the SQLite file for what the columns mean): the deletion numbers are
-- read with a regular expression rather than a recursive scan.

ALTER TABLE cards ADD COLUMN cloze_number BIGINT CHECK (cloze_number BETWEEN 1 AND 999);
ALTER TABLE cards ADD COLUMN cloze_of BIGINT REFERENCES cards(id) ON DELETE CASCADE;
CREATE INDEX cards_cloze_of ON cards (cloze_of) WHERE cloze_of IS NOT NULL;

CREATE TEMP TABLE cloze_numbers_0025 AS
SELECT DISTINCT c.id, CAST(m[1] AS BIGINT) AS number
FROM cards c, regexp_matches(c.question, '\{\{[cC]([0-9]{1,3})::', 'g') AS m
WHERE c.kind = 'cloze' AND CAST(m[1] AS BIGINT) BETWEEN 1 AND 999;

UPDATE cards SET cloze_number = (SELECT MIN(n.number) FROM cloze_numbers_0025 n WHERE n.id = cards.id)
WHERE kind = 'cloze';

INSERT INTO cards (topic_id, batch_id, kind, question, answer, explanation, image_ref, image_query, origin,
    dedup_key, position, created_at, updated_at, cloze_number, cloze_of)
SELECT c.topic_id, c.batch_id, c.kind, c.question, c.answer, c.explanation, c.image_ref, c.image_query, c.origin,
    c.dedup_key || chr(31) || 'cloze:' || n.number,
    (SELECT MAX(m.position) FROM cards m WHERE m.topic_id = c.topic_id)
        + ROW_NUMBER() OVER (PARTITION BY c.topic_id ORDER BY c.position, c.id, n.number),
    c.created_at, c.updated_at, n.number, c.id
FROM cards c JOIN cloze_numbers_0025 n ON n.id = c.id
WHERE c.kind = 'cloze' AND n.number > c.cloze_number;

DROP TABLE cloze_numbers_0025;
