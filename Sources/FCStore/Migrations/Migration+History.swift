extension Migration {
    /// The schema's history on both engines, oldest first: one `.sql` file per version and engine, in
    /// `Migrations/SQLite/` and `Migrations/PostgreSQL/`, embedded in the binary at build time (`.embedInCode` in
    /// Package.swift), so no resource bundle has to travel with an executable.
    ///
    /// To change the schema, add a file to each folder, `<engine>-<version>-<name>.sql`, and a row here. Never
    /// edit or reorder a shipped file: databases already past that version never run it again, so an edit would
    /// leave them different from a new one (`MigrationHistoryTests` upgrades databases made before this list was
    /// data, and compares the result with a new one).
    ///
    /// The PostgreSQL files translate the SQLite ones mechanically, the same way for every version: `INTEGER` →
    /// `BIGINT` (times are Unix milliseconds, past `integer`'s range), `INTEGER PRIMARY KEY` → `BIGINT GENERATED
    /// BY DEFAULT AS IDENTITY PRIMARY KEY` (BY DEFAULT, so a copy between engines can keep its ids), `REAL` →
    /// `DOUBLE PRECISION` (`real` is 4 bytes in PostgreSQL), `BLOB` → `BYTEA`, no `WITHOUT ROWID`, and
    /// `COLLATE NOCASE` → the ICU collation `fcgen_nocase` made by version 1.
    static let history: [MigrationStep] = [
        MigrationStep(
            1, "initial", sqlite: PackageResources.sqlite_0001_initial_sql,
            postgres: PackageResources.postgres_0001_initial_sql),
        MigrationStep(
            2, "refill jobs", sqlite: PackageResources.sqlite_0002_refill_jobs_sql,
            postgres: PackageResources.postgres_0002_refill_jobs_sql),
        MigrationStep(
            3, "study", sqlite: PackageResources.sqlite_0003_study_sql,
            postgres: PackageResources.postgres_0003_study_sql),
        MigrationStep(
            4, "card images", sqlite: PackageResources.sqlite_0004_card_images_sql,
            postgres: PackageResources.postgres_0004_card_images_sql),
        MigrationStep(
            5, "gamification", sqlite: PackageResources.sqlite_0005_gamification_sql,
            postgres: PackageResources.postgres_0005_gamification_sql),
        MigrationStep(
            6, "trim_indexes", sqlite: PackageResources.sqlite_0006_trim_indexes_sql,
            postgres: PackageResources.postgres_0006_trim_indexes_sql),
        MigrationStep(
            7, "review_archive", sqlite: PackageResources.sqlite_0007_review_archive_sql,
            postgres: PackageResources.postgres_0007_review_archive_sql),
        MigrationStep(
            8, "session_controls", sqlite: PackageResources.sqlite_0008_session_controls_sql,
            postgres: PackageResources.postgres_0008_session_controls_sql),
        MigrationStep(
            9, "topic_plans", sqlite: PackageResources.sqlite_0009_topic_plans_sql,
            postgres: PackageResources.postgres_0009_topic_plans_sql),
        MigrationStep(
            10, "api", sqlite: PackageResources.sqlite_0010_api_sql,
            postgres: PackageResources.postgres_0010_api_sql),
        MigrationStep(
            11, "bookmarks", sqlite: PackageResources.sqlite_0011_bookmarks_sql,
            postgres: PackageResources.postgres_0011_bookmarks_sql),
        MigrationStep(
            12, "usage", sqlite: PackageResources.sqlite_0012_usage_sql,
            postgres: PackageResources.postgres_0012_usage_sql),
        MigrationStep(
            13, "sources", sqlite: PackageResources.sqlite_0013_sources_sql,
            postgres: PackageResources.postgres_0013_sources_sql),
        MigrationStep(
            14, "card_choices", sqlite: PackageResources.sqlite_0014_card_choices_sql,
            postgres: PackageResources.postgres_0014_card_choices_sql),
        MigrationStep(
            15, "import_staging", sqlite: PackageResources.sqlite_0015_import_staging_sql,
            postgres: PackageResources.postgres_0015_import_staging_sql),
        MigrationStep(
            16, "image credits", sqlite: PackageResources.sqlite_0016_image_credits_sql,
            postgres: PackageResources.postgres_0016_image_credits_sql),
        MigrationStep(
            17, "recall window", sqlite: PackageResources.sqlite_0017_recall_window_sql,
            postgres: PackageResources.postgres_0017_recall_window_sql),
        MigrationStep(
            18, "pending import topics", sqlite: PackageResources.sqlite_0018_pending_import_topics_sql,
            postgres: PackageResources.postgres_0018_pending_import_topics_sql),
        MigrationStep(
            19, "review topics", sqlite: PackageResources.sqlite_0019_review_topics_sql,
            postgres: PackageResources.postgres_0019_review_topics_sql),
        MigrationStep(
            20, "idempotency rows", sqlite: PackageResources.sqlite_0020_idempotency_rows_sql,
            postgres: PackageResources.postgres_0020_idempotency_rows_sql),
        MigrationStep(
            21, "review time index", sqlite: PackageResources.sqlite_0021_review_time_index_sql,
            postgres: PackageResources.postgres_0021_review_time_index_sql),
        MigrationStep(
            22, "topic kinds", sqlite: PackageResources.sqlite_0022_topic_kinds_sql,
            postgres: PackageResources.postgres_0022_topic_kinds_sql),
        MigrationStep(
            23, "review usage", sqlite: PackageResources.sqlite_0023_review_usage_sql,
            postgres: PackageResources.postgres_0023_review_usage_sql),
        MigrationStep(
            24, "quiz overrides", sqlite: PackageResources.sqlite_0024_quiz_overrides_sql,
            postgres: PackageResources.postgres_0024_quiz_overrides_sql),
        MigrationStep(
            25, "cloze siblings", sqlite: PackageResources.sqlite_0025_cloze_siblings_sql,
            postgres: PackageResources.postgres_0025_cloze_siblings_sql),
        MigrationStep(
            26, "accounts", sqlite: PackageResources.sqlite_0026_accounts_sql,
            postgres: PackageResources.postgres_0026_accounts_sql),
        MigrationStep(
            27, "password resets", sqlite: PackageResources.sqlite_0027_password_resets_sql,
            postgres: PackageResources.postgres_0027_password_resets_sql),
        MigrationStep(
            28, "generations", sqlite: PackageResources.sqlite_0028_generations_sql,
            postgres: PackageResources.postgres_0028_generations_sql),
        MigrationStep(
            29, "reminders", sqlite: PackageResources.sqlite_0029_reminders_sql,
            postgres: PackageResources.postgres_0029_reminders_sql),
        MigrationStep(
            30, "card embeddings", sqlite: PackageResources.sqlite_0030_card_embeddings_sql,
            postgres: PackageResources.postgres_0030_card_embeddings_sql),
        MigrationStep(
            31, "one time zone", sqlite: PackageResources.sqlite_0031_one_time_zone_sql,
            postgres: PackageResources.postgres_0031_one_time_zone_sql),
    ]

    /// Every migration fcgen ships for SQLite, oldest first.
    package static let all: [Migration] = history.map { $0.migration(\.sqlite) }

    /// The same history in PostgreSQL's dialect: the same versions and names as ``all``.
    package static let postgres: [Migration] = history.map { $0.migration(\.postgres) }
}

/// One version of the schema: its number, its name (recorded in `schema_migrations`) and its SQL for each engine,
/// as the bytes of the embedded `.sql` files.
struct MigrationStep: Sendable {
    let version: Int
    let name: String
    let sqlite: [UInt8]
    let postgres: [UInt8]

    init(_ version: Int, _ name: String, sqlite: [UInt8], postgres: [UInt8]) {
        self.version = version
        self.name = name
        self.sqlite = sqlite
        self.postgres = postgres
    }

    /// The migration for one engine's file.
    func migration(_ engine: KeyPath<MigrationStep, [UInt8]>) -> Migration {
        Migration(version: version, name: name, sql: String(decoding: self[keyPath: engine], as: UTF8.self))
    }
}
