-- Version 8 on PostgreSQL: sessionControls's schema. Frozen once shipped.

CREATE TABLE card_flags (
    user_id BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    card_id BIGINT NOT NULL REFERENCES cards(id) ON DELETE CASCADE,
    suspended_at BIGINT,
    buried_until BIGINT,
    PRIMARY KEY (user_id, card_id)
);
CREATE INDEX card_flags_card ON card_flags (card_id);

CREATE TABLE session_answers (
    session_id BIGINT NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
    position BIGINT NOT NULL,
    card_id BIGINT NOT NULL,
    review_id BIGINT,
    answered_at BIGINT NOT NULL,
    undo_json TEXT NOT NULL,
    PRIMARY KEY (session_id, position)
);
