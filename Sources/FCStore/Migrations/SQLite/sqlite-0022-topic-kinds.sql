-- Version 22: a topic remembers the card kinds asked for, as it remembers its language.
--
-- - `topic_generation.kinds`: the kinds last asked for with `--kinds` (`question,cloze,mcq`, in the order
-- `GeneratedKinds` lists them), or NULL when none were: a later run or refill without `--kinds` asks for these,
-- else the `card_kinds` setting. A row of version 9 gains NULL, so existing topics keep the setting.
--
-- Frozen once shipped (see Migration).

ALTER TABLE topic_generation ADD COLUMN kinds TEXT;
