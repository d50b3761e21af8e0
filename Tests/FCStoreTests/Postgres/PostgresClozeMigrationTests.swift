import FCStore
import FCTestSupport
import Testing

/// Migration 25 on PostgreSQL splits cloze cards as the SQLite one does (`ClozeSiblingsMigrationTests`): the same
/// numbers read with a regular expression, the same positions, keys and links, from the same rows
/// (``ClozeVersion24Seed``).
struct PostgresClozeMigrationTests {
    @Test func aVersion24DatabaseGainsOneCardPerFurtherDeletionNumber() async throws {
        let rows = try await PostgresTestCluster.withFreshDatabase { connection, _ in
            try await ClozeVersion24Seed.seedPostgres(connection)
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
