import FCStore
import FCTestSupport
import Foundation
import Testing

/// Databases made by fcgen before its migrations became `.sql` files (commit 174187f, schema version 21) open
/// with today's code: every row is still there, and the schema is the one a new database gets. A shipped migration
/// edited by mistake, or a file listed for the wrong version, makes the schemas differ.
struct MigrationUpgradeTests {
    /// `Upgrades/Fixtures/<name>` (see its README for how each file was made).
    private static func fixture(_ name: String) -> String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/\(name)").path
    }

    /// Every table, index, trigger and view with its SQL, in one text.
    private static let sqliteSchema = """
        SELECT group_concat(type || ' ' || name || ': ' || COALESCE(sql, ''), char(10)) FROM (
            SELECT type, name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY type, name)
        """

    /// Columns, indexes, constraints and functions of the current schema, in one text.
    private static let postgresSchema = """
        SELECT string_agg(line, chr(10) ORDER BY line) FROM (
            SELECT 'column ' || table_name || '.' || column_name || ' ' || data_type || ' ' || is_nullable || ' '
                || is_identity || ' ' || COALESCE(column_default, '-') || ' ' || COALESCE(collation_name, '-') AS line
            FROM information_schema.columns WHERE table_schema = current_schema()
            UNION ALL
            SELECT 'index ' || indexdef FROM pg_indexes WHERE schemaname = current_schema()
            UNION ALL
            SELECT 'constraint ' || conrelid::regclass::text || ' ' || conname || ' ' || pg_get_constraintdef(oid)
            FROM pg_constraint WHERE connamespace = current_schema()::regnamespace
            UNION ALL
            SELECT 'function ' || proname || '(' || pg_get_function_identity_arguments(oid) || ') ' || md5(prosrc)
            FROM pg_proc WHERE pronamespace = current_schema()::regnamespace
        ) AS lines
        """

    /// Rows the fixtures hold, per table: what an upgrade must keep.
    private static let counts: [(table: String, rows: Int64)] = [
        ("topics", 3), ("cards", 34), ("batches", 3), ("users", 3), ("reviews", 8), ("card_states", 8),
        ("sessions", 2), ("api_tokens", 1), ("llm_usage", 5),
    ]

    private static func expectRowsKept(_ store: Store) async throws {
        for (table, rows) in counts {
            #expect(try await store.scalarInteger("SELECT COUNT(*) FROM \(table)") == rows, "\(table)")
        }
        #expect(try await store.schemaVersion() == Migration.latestVersion)
        #expect(
            try await store.scalarText("SELECT name FROM schema_migrations WHERE version = 21") == "review time index")
        // Version 22: topics made before it remember no card kinds, so they keep following the setting.
        #expect(try await store.scalarText("SELECT name FROM schema_migrations WHERE version = 22") == "topic kinds")
        #expect(try await store.scalarInteger("SELECT COUNT(*) FROM topic_generation WHERE kinds IS NOT NULL") == 0)
        // Version 23 made llm_usage again (SQLite) to let it take kind `review`: its rows keep their ids and kinds.
        #expect(try await store.scalarText("SELECT name FROM schema_migrations WHERE version = 23") == "review usage")
        #expect(try await store.scalarInteger("SELECT COUNT(*) FROM llm_usage WHERE kind = 'batch'") == 3)
        // Version 24: answers recorded before it kept no text or verdict (none can be claimed right), and no
        // answer or session counts an override.
        #expect(try await store.scalarText("SELECT name FROM schema_migrations WHERE version = 24") == "quiz overrides")
        #expect(
            try await store.scalarInteger(
                "SELECT COUNT(*) FROM session_answers WHERE typed IS NOT NULL OR verdict IS NOT NULL OR overridden <> 0"
            )
                == 0)
        #expect(try await store.scalarInteger("SELECT COUNT(*) FROM sessions WHERE overridden <> 0") == 0)
        // Version 26: learners made before it have tokens only (no password), no one is signed in, no invites.
        #expect(try await store.scalarText("SELECT name FROM schema_migrations WHERE version = 26") == "accounts")
        for table in ["user_credentials", "login_sessions", "invites"] {
            #expect(try await store.scalarInteger("SELECT COUNT(*) FROM \(table)") == 0, "\(table)")
        }
        // Version 27: no reset links.
        #expect(
            try await store.scalarText("SELECT name FROM schema_migrations WHERE version = 27") == "password resets")
        #expect(try await store.scalarInteger("SELECT COUNT(*) FROM password_resets") == 0)
        // Version 29: no reminders, feeds or subscriptions; the VAPID key is made on first use, not by the upgrade.
        #expect(try await store.scalarText("SELECT name FROM schema_migrations WHERE version = 29") == "reminders")
        for table in ["reminders", "calendar_feeds", "push_subscriptions", "vapid_keys"] {
            #expect(try await store.scalarInteger("SELECT COUNT(*) FROM \(table)") == 0, "\(table)")
        }
    }

    @Test func anSQLiteDatabaseUpgradesInPlace() async throws {
        let folder = await TemporaryDatabase.make()
        let old = folder.path(named: "old.sqlite")
        try FileManager.default.copyItem(atPath: Self.fixture("made-by-174187f.sqlite"), toPath: old)
        let upgraded = try await Store.open(existingAt: old, now: Fixtures.now)
        try await Self.expectRowsKept(upgraded)
        let made = try await Store.open(path: folder.path(named: "new.sqlite"), now: Fixtures.now)
        let expected = try #require(try await made.scalarText(Self.sqliteSchema))
        #expect(try await upgraded.scalarText(Self.sqliteSchema) == expected)
        await upgraded.close()
        await made.close()
    }

    @Test func aPostgreSQLDatabaseUpgradesInPlace() async throws {
        let old = try await TestPostgresServer.scratchDatabase(label: "upgradeold")
        let new = try await TestPostgresServer.scratchDatabase(label: "upgradenew")
        do {
            try await old.execute(String(contentsOfFile: Self.fixture("made-by-174187f.postgres.sql"), encoding: .utf8))
            let upgraded = try await Store.open(existingAt: old.url, now: Fixtures.now)
            try await Self.expectRowsKept(upgraded)
            let made = try await Store.open(path: new.url, now: Fixtures.now)
            let expected = try #require(try await made.scalarText(Self.postgresSchema))
            #expect(try await upgraded.scalarText(Self.postgresSchema) == expected)
            await upgraded.close()
            await made.close()
        } catch {
            await old.drop()
            await new.drop()
            throw error
        }
        await old.drop()
        await new.drop()
    }
}
