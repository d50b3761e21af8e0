-- Version 9 (topicPlans): a topic's outline and language; the outline step a batch took.

CREATE TABLE topic_generation (
    topic_id BIGINT PRIMARY KEY REFERENCES topics(id) ON DELETE CASCADE,
    language TEXT,
    plan_json TEXT,
    plan_source TEXT CHECK (plan_source IN ('model', 'edited', 'fallback')),
    plan_note TEXT,
    plan_updated_at BIGINT
);

ALTER TABLE batches ADD COLUMN plan_step BIGINT;
