-- reviewUsage in PostgreSQL's dialect: `llm_usage.kind` also takes `review` (the constraint keeps its name).

ALTER TABLE llm_usage DROP CONSTRAINT llm_usage_kind_check;
ALTER TABLE llm_usage ADD CONSTRAINT llm_usage_kind_check
    CHECK (kind IN ('batch', 'outline', 'unstored', 'review'));
