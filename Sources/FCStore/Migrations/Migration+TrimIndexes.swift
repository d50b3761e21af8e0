extension Migration {
    /// Version 6: drops `card_states_user_due`, an index no query uses.
    ///
    /// Every review moves the card's `due`, so each index on it costs a delete and an insert per review. The due
    /// queries seek `card_states_user_level_due` (the study queue forces it with `INDEXED BY`), the per-card and
    /// per-topic reads use the primary key `(user_id, card_id)` or `card_states_card`, and deleting a learner
    /// cascades through the primary key's `user_id` prefix. `EXPLAIN QUERY PLAN` of every `card_states` query in
    /// FCStore is identical before and after the drop (study queue: `SEARCH s USING COVERING INDEX
    /// card_states_user_level_due (user_id=? AND level=? AND due<?)`; review context: `SEARCH card_states USING
    /// PRIMARY KEY (user_id=? AND card_id=?)`; topic summaries and the known check: `... USING PRIMARY KEY`;
    /// progress, rebuilds and the refill rule: `card_states_card (card_id=?)`); none named `card_states_user_due`.
    /// Frozen once shipped (see ``Migration``).
    static let trimIndexes = Migration(
        version: 6,
        name: "trim_indexes",
        sql: """
            DROP INDEX IF EXISTS card_states_user_due;
            """
    )
}
