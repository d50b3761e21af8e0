import FCStore
import FCTestSupport

/// The version-24 database that migration 25's tests on both engines start from (`ClozeSiblingsMigrationTests` on
/// SQLite, `PostgresClozeMigrationTests` on PostgreSQL): one set of rows, so both engines are shown the same cloze
/// texts to split and their answers can be compared line for line.
///
/// Topic 1 holds a cloze card with numbers 1, 3 and 2 (one written `C2`, one with a hint, 1 twice) and a learner's
/// state and review, a question card, and a cloze card whose only number is 2; topic 2 a cloze card with a token
/// that is no deletion (`{{cx}}`), numbers 1 and 12, and a four-digit number, which is not read as one.
enum ClozeVersion24Seed {
    /// The rows, as SQL both engines run.
    static let rows = """
        INSERT INTO users (id, name, created_at) VALUES (1, 'Ana', 0);
        INSERT INTO topics (id, name, created_at) VALUES (1, 'Rome', 0), (2, 'Nile', 0);
        INSERT INTO cards (id, topic_id, kind, question, answer, origin, dedup_key, position, created_at,
            updated_at)
        VALUES (1, 1, 'cloze', '{{c1::Romulus}} founded Rome in {{c3::753 BC::year}}; {{C2::Remus}} {{c1::x}}.',
                'Romulus founded Rome in 753 BC; Remus x.', 'manual', 'k1', 1, 10, 20),
            (2, 1, 'question', 'Who {{cat}}?', 'A', 'manual', 'k2', 2, 0, 0),
            (3, 1, 'cloze', '{{c2::Only}} two', 'Only two', 'manual', 'k3', 3, 0, 0),
            (4, 2, 'cloze', '{{cx}} {{c1::a}} and {{c12::b::h}} {{c0001::no}}', '{{cx}} a and b no', 'imported', 'k4',
                1, 0, 0);
        INSERT INTO card_states (user_id, card_id, algorithm, phase, due, reps) VALUES (1, 1, 'badger', 2, 5000, 3);
        INSERT INTO reviews (user_id, card_id, topic_id, rating, reviewed_at, duration_ms, elapsed_days,
            scheduled_days, algorithm)
        VALUES (1, 1, 1, 2, 3000, 900, NULL, 1, 'badger');
        """

    /// A version-24 SQLite database at `path` holding ``rows``.
    ///
    /// - Returns: the schema version the store reports (24).
    @discardableResult
    static func seedSQLite(path: String) async throws -> Int {
        let old = try await Store.open(path: path, now: Fixtures.now, migrations: Array(Migration.all.prefix(24)))
        try await old.executeInTransaction(rows)
        return try await old.schemaVersion()
    }

    /// `connection`'s empty database migrated to version 24 and holding ``rows``; the identity of `cards` goes on
    /// after the ids given, as in a database the store filled.
    static func seedPostgres(_ connection: PostgresSQLConnection) async throws {
        try await Migrator(migrations: Array(Migration.postgres.prefix(24))).migrate(connection, appliedAt: 1)
        try await connection.execute(
            rows + "\nSELECT setval(pg_get_serial_sequence('cards', 'id'), 4);", operation: "seed version 24")
    }
}
