extension Migration {
    /// The version of ``pendingImportTopics`` and ``postgresPendingImportTopics``: the one number to change when the
    /// history is renumbered on a merge.
    static let pendingImportTopicsVersion = 18

    /// Version 18: a topic an import is still filling (`topics.import_staging_id`, the `import_stagings` row of that
    /// import; `NULL` for every other topic).
    ///
    /// An import that creates a topic moves its cards in chunks of short transactions into a topic marked so, under
    /// a name no user topic can have; every reader of topics and cards skips it, and one short transaction names it
    /// and clears the mark. A marked topic whose import died is swept with its staging. No foreign key: a staging is
    /// deleted only after its topic is revealed or swept. Frozen once shipped (see ``Migration``).
    static let pendingImportTopics = Migration(
        version: pendingImportTopicsVersion,
        name: "pending import topics",
        sql: """
            ALTER TABLE topics ADD COLUMN import_staging_id INTEGER;
            -- Partial: readers ask "which topics are hidden?" in every topic and card query, and the answer is
            -- almost always none; the index holds only those.
            CREATE INDEX topics_pending_import ON topics (import_staging_id) WHERE import_staging_id IS NOT NULL;
            """
    )

    /// ``pendingImportTopics`` in PostgreSQL's dialect.
    static let postgresPendingImportTopics = Migration(
        version: pendingImportTopicsVersion,
        name: "pending import topics",
        sql: """
            ALTER TABLE topics ADD COLUMN import_staging_id BIGINT;
            CREATE INDEX topics_pending_import ON topics (import_staging_id) WHERE import_staging_id IS NOT NULL;
            """
    )
}
