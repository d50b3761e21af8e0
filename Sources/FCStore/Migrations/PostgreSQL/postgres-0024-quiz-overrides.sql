-- Version 24 on PostgreSQL: quizOverrides's schema (a quiz answer's text and verdict, and "I was right").
-- Frozen once shipped.

ALTER TABLE session_answers ADD COLUMN typed TEXT;
ALTER TABLE session_answers ADD COLUMN verdict TEXT CHECK (verdict IN ('correct', 'wrong', 'empty'));
ALTER TABLE session_answers ADD COLUMN overridden BIGINT NOT NULL DEFAULT 0 CHECK (overridden IN (0, 1));
ALTER TABLE sessions ADD COLUMN overridden BIGINT NOT NULL DEFAULT 0;
