-- cardChoices in PostgreSQL's dialect (the same statement).

ALTER TABLE cards ADD COLUMN choices_json TEXT;
