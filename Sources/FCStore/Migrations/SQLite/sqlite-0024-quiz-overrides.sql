-- Version 24: what a session keeps of a quiz answer, and the learner's "I was right".
--
-- - `session_answers.typed`: what was answered (one text per question joined with "; ", an mcq option given by
-- its position as the option's text; at most 2,000 characters); NULL for rated answers.
-- - `session_answers.verdict`: the grader's verdict, `correct`, `wrong` or `empty`; NULL for rated answers. It
-- stays the grader's when the learner claims the answer right.
-- - `session_answers.overridden`: 1 when the learner claimed a wrong answer right ("I was right"); the session
-- then counts it right.
-- - `sessions.overridden`: how many of the session's answers were claimed right; they are counted in
-- `correct`, no longer in `failed`, and earn no accuracy or speed rewards (docs/gamification.md).
--
-- Rows written before this version gain NULL verdicts (such an answer cannot be claimed right) and 0.
-- Frozen once shipped (see Migration).

ALTER TABLE session_answers ADD COLUMN typed TEXT;
ALTER TABLE session_answers ADD COLUMN verdict TEXT CHECK (verdict IN ('correct', 'wrong', 'empty'));
ALTER TABLE session_answers ADD COLUMN overridden INTEGER NOT NULL DEFAULT 0 CHECK (overridden IN (0, 1));
ALTER TABLE sessions ADD COLUMN overridden INTEGER NOT NULL DEFAULT 0;
