import FCStore
import FCTestSupport
import Testing

/// Migration 25 on PostgreSQL splits cloze cards as the SQLite one does (`ClozeSiblingsMigrationTests`): the same
/// numbers read with a regular expression, the same positions, keys and links.
struct PostgresClozeMigrationTests {
    @Test func aVersion24DatabaseGainsOneCardPerFurtherDeletionNumber() async throws {
        let rows = try await PostgresTestCluster.withFreshDatabase { connection, _ in
            try await Migrator(migrations: Array(Migration.postgres.prefix(24))).migrate(connection, appliedAt: 1)
            try await connection.execute(
                """
                INSERT INTO users (id, name, created_at) VALUES (1, 'Ana', 0);
                INSERT INTO topics (id, name, created_at) VALUES (1, 'Rome', 0), (2, 'Nile', 0);
                INSERT INTO cards (id, topic_id, kind, question, answer, origin, dedup_key, position, created_at,
                    updated_at)
                VALUES (1, 1, 'cloze', '{{c1::Romulus}} founded Rome in {{c3::753 BC::year}}; {{C2::Remus}} {{c1::x}}.',
                        'Romulus founded Rome in 753 BC; Remus x.', 'manual', 'k1', 1, 10, 20),
                    (2, 1, 'question', 'Who {{cat}}?', 'A', 'manual', 'k2', 2, 0, 0),
                    (3, 1, 'cloze', '{{c2::Only}} two', 'Only two', 'manual', 'k3', 3, 0, 0),
                    (4, 2, 'cloze', '{{cx}} {{c1::a}} and {{c12::b::h}} {{c0001::no}}', 'a', 'imported', 'k4', 1, 0, 0);
                INSERT INTO card_states (user_id, card_id, algorithm, phase, due, reps) VALUES (1, 1, 'badger', 2, 5000, 3);
                -- As a database the store filled: the identity continues after the ids given here.
                SELECT setval(pg_get_serial_sequence('cards', 'id'), 4);
                """, operation: "seed version 24")
            try await Migrator.postgres.migrate(connection, appliedAt: 2)
            return try await connection.withStatement(
                """
                SELECT topic_id || ' ' || COALESCE(CAST(cloze_of AS TEXT), 'note') || ' c'
                    || COALESCE(CAST(cloze_number AS TEXT), '-') || ' @' || position || ' ' || replace(dedup_key, chr(31), '|')
                    || ' ' || created_at
                FROM cards ORDER BY topic_id, position
                """, operation: "read cards"
            ) { statement in
                var lines: [String] = []
                while try await statement.step() { lines.append(statement.string(at: 0)) }
                return lines
            }
        }
        #expect(
            rows == [
                "1 note c1 @1 k1 10", "1 note c- @2 k2 0", "1 note c2 @3 k3 0", "1 1 c2 @4 k1|cloze:2 10",
                "1 1 c3 @5 k1|cloze:3 10", "2 note c1 @1 k4 0", "2 4 c12 @2 k4|cloze:12 0",
            ])
    }
}
