import FCStore
import FCTestSupport
import Testing

/// The numbered migrations on PostgreSQL: the same history as SQLite's, applied once, a newer schema refused.
struct PostgresMigrationTests {
    private static let appliedAt: Int64 = 1_700_000_000_123

    private static func tables(_ connection: PostgresSQLConnection) async throws -> [String] {
        try await connection.withStatement(
            """
            SELECT table_name FROM information_schema.tables
            WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY table_name
            """,
            operation: "list tables"
        ) { statement in
            var names: [String] = []
            while try await statement.step() { names.append(statement.string(at: 0)) }
            return names
        }
    }

    @Test func aFreshDatabaseGetsEveryMigrationAndTheSameTablesAsSQLite() async throws {
        let result = try await PostgresTestCluster.withFreshDatabase { connection, _ in
            let applied = try await Migrator.postgres.migrate(connection, appliedAt: Self.appliedAt)
            let recorded = try await connection.withStatement(
                "SELECT version, name, applied_at FROM schema_migrations ORDER BY version", operation: "read"
            ) { statement in
                var rows: [String] = []
                while try await statement.step() {
                    rows.append("\(statement.int(at: 0)) \(statement.string(at: 1)) \(statement.int64(at: 2))")
                }
                return rows
            }
            return await (
                applied, recorded, try Self.tables(connection), try Migrator.currentVersion(connection)
            )
        }
        #expect(result.0 == Migration.all.map(\.version))
        #expect(result.1 == Migration.all.map { "\($0.version) \($0.name) \(Self.appliedAt)" })
        // The same tables as a fresh SQLite store.
        let sqlite = try await Store.open(path: await TemporaryDatabase.make().path, now: Fixtures.now)
        let sqliteTables = try await sqlite.scalarText(
            "SELECT group_concat(name, ',') FROM (SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name)")
        #expect(result.2 == sqliteTables?.split(separator: ",").map(String.init))
        #expect(result.3 == Migration.latestVersion)
    }

    @Test func migratingAgainAppliesNothing() async throws {
        let again = try await PostgresTestCluster.withFreshDatabase { connection, _ in
            try await Migrator.postgres.migrate(connection, appliedAt: Self.appliedAt)
            let second = try await Migrator.postgres.migrate(connection, appliedAt: Self.appliedAt + 1)
            let count = try await connection.withStatement("SELECT COUNT(*) FROM schema_migrations", operation: "count")
            {
                try await $0.step() ? $0.int(at: 0) : -1
            }
            return (second, count)
        }
        #expect(again.0.isEmpty)
        #expect(again.1 == Migration.all.count)
    }

    @Test func aNewerSchemaIsRefusedNamingTheTarget() async throws {
        let message = try await PostgresTestCluster.withFreshDatabase { connection, target in
            try await Migrator.postgres.migrate(connection, appliedAt: Self.appliedAt)
            try await connection.execute(
                "INSERT INTO schema_migrations VALUES (99, 'from the future', 0)", operation: "future")
            do {
                try await Migrator.postgres.migrate(connection, appliedAt: Self.appliedAt)
                return "migrated"
            } catch {
                return "\(error)" + "|" + target.description
            }
        }
        let parts = message.split(separator: "|").map(String.init)
        #expect(
            parts.first
                == "database \(parts.last ?? "") has schema version 99, newer than this fcgen supports"
                + " (\(Migration.latestVersion)); upgrade fcgen")
    }

    @Test func aDatabaseOfAnotherProgramIsRefusedAndLeftAlone() async throws {
        let outcome = try await PostgresTestCluster.withFreshDatabase { connection, _ in
            try await connection.execute("CREATE TABLE invoices (id BIGINT)", operation: "other program")
            var message = "migrated"
            do {
                try await Migrator.postgres.migrate(connection, appliedAt: Self.appliedAt)
            } catch {
                message = "\(error)"
            }
            return await (message, try Self.tables(connection))
        }
        #expect(outcome.0.contains("is not an fcgen database: it is a PostgreSQL database of another program"))
        #expect(outcome.1 == ["invoices"])
    }

    @Test func aFailingMigrationRollsBackAloneAndIsNamed() async throws {
        let broken = Migration(
            version: Migration.latestVersion + 1, name: "broken",
            sql: "CREATE TABLE extra (x BIGINT); SELECT * FROM nope")
        let outcome = try await PostgresTestCluster.withFreshDatabase { connection, _ in
            var message = ""
            do {
                try await Migrator(migrations: Migration.postgres + [broken])
                    .migrate(connection, appliedAt: Self.appliedAt)
            } catch {
                message = "\(error)"
            }
            return await (message, try Migrator.currentVersion(connection), try Self.tables(connection))
        }
        #expect(outcome.0.hasPrefix("migration \(Migration.latestVersion + 1) (broken) failed in database postgres://"))
        #expect(outcome.0.contains("relation \"nope\" does not exist"))
        #expect(outcome.1 == Migration.latestVersion)
        #expect(!outcome.2.contains("extra"))
    }

    @Test func namesAreUniqueIgnoringCaseAsWithSQLiteNocase() async throws {
        let outcome = try await PostgresTestCluster.withFreshDatabase { connection, _ in
            try await Migrator.postgres.migrate(connection, appliedAt: Self.appliedAt)
            try await connection.execute(
                "INSERT INTO topics (name, created_at) VALUES ('Rome', 0)", operation: "insert")
            var violation: ConstraintViolation?
            do {
                try await connection.execute(
                    "INSERT INTO topics (name, created_at) VALUES ('ROME', 0)", operation: "dup")
            } catch let error as StoreError {
                violation = error.constraintViolation
            }
            let found = try await connection.withStatement("SELECT id FROM topics WHERE name = $1", operation: "find") {
                try $0.bind("rOmE", at: 1)
                return try await $0.step() ? $0.int64(at: 0) : nil
            }
            return (violation, found)
        }
        #expect(outcome.0 == .unique)
        #expect(outcome.1 == 1)
    }
}
