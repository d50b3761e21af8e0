extension Migration {
    /// The version of ``cardChoices`` and ``postgresCardChoices``: the one number to change when the history is
    /// renumbered on a merge.
    static let cardChoicesVersion = 14

    /// Version 14: `cards.choices_json`, the options of a multiple-choice (`mcq`) card as a JSON object
    /// `{"options": ["Nero", "Augustus", …], "correctIndex": 1}`; NULL for every other card. A column, not a table:
    /// the options are read and written only with their card, never queried on their own.
    ///
    /// Frozen once shipped (see ``Migration``).
    static let cardChoices = Migration(
        version: cardChoicesVersion,
        name: "card_choices",
        sql: "ALTER TABLE cards ADD COLUMN choices_json TEXT;"
    )

    /// ``cardChoices`` in PostgreSQL's dialect (the same statement).
    static let postgresCardChoices = Migration(
        version: cardChoicesVersion,
        name: "card_choices",
        sql: "ALTER TABLE cards ADD COLUMN choices_json TEXT;"
    )
}
