-- Version 14: `cards.choices_json`, the options of a multiple-choice (`mcq`) card as a JSON object
-- `{"options": ["Nero", "Augustus", …], "correctIndex": 1}`; NULL for every other card. A column, not a table:
-- the options are read and written only with their card, never queried on their own.
--
-- Frozen once shipped (see Migration).

ALTER TABLE cards ADD COLUMN choices_json TEXT;
