import FCCore
import FCPipeline
import FCStore
import FCTestSupport
import Foundation
import Testing

struct StoreOpeningTests {
    @Test func migratesAnEmptyDatabaseToTheInitialSchema() async throws {
        let database = await TemporaryDatabase.make()
        let store = try await Store.open(path: database.path, now: Fixtures.now)

        #expect(try await store.schemaVersion() == Migration.latestVersion)
        let tables = try await store.scalarText(
            "SELECT group_concat(name, ',') FROM (SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name)")
        #expect(
            tables
                == "achievements,api_tokens,archived_reviews,batches,bookmarks,boxes,calendar_feeds,card_embeddings,card_flags,"
                + "card_sources,"
                + "card_states,cards,challenges,daily_stats,gamification_state,generation_events,generations,"
                + "idempotency_keys,image_credits,images,"
                + "import_staged_cards,import_staged_images,import_stagings,invites,jobs,llm_usage,login_sessions,"
                + "password_resets,push_subscriptions,reminders,reviews,schema_migrations,session_answers,sessions,"
                + "sources,topic_generation,topics,user_credentials,users,vapid_keys,xp_events")
        #expect(try await store.scalarText("SELECT name FROM schema_migrations WHERE version = 1") == "initial")
        #expect(
            try await store.scalarInteger("SELECT applied_at FROM schema_migrations WHERE version = 1")
                == 1_700_000_000_123)
        let pending = try await store.scalarText("SELECT name FROM schema_migrations WHERE version = 18")
        #expect(pending == "pending import topics")
        #expect(
            try await store.scalarInteger(
                "SELECT COUNT(*) FROM pragma_table_info('topics') WHERE name = 'import_staging_id'") == 1)
    }

    @Test func reopeningAppliesNothingNew() async throws {
        let database = await TemporaryDatabase.make()
        do {
            let store = try await Store.open(path: database.path, now: Fixtures.now)
            _ = try await Topics.ensure(on: store, named: "Rome")
        }
        let later = Now.constant(Fixtures.date.addingTimeInterval(3600))
        let reopened = try await Store.open(path: database.path, now: later)

        #expect(try await reopened.schemaVersion() == Migration.latestVersion)
        #expect(
            try await reopened.scalarInteger("SELECT COUNT(*) FROM schema_migrations") == Int64(Migration.all.count))
        #expect(
            try await reopened.scalarInteger("SELECT MAX(applied_at) FROM schema_migrations") == 1_700_000_000_123)
        #expect(try await reopened.scalarInteger("SELECT COUNT(*) FROM sqlite_master WHERE type = 'table'") == 41)
        #expect(try await reopened.scalarInteger("SELECT COUNT(*) FROM topics") == 1)
    }

    @Test func appliesANewMigrationOnTopOfTheShippedOnes() async throws {
        let database = await TemporaryDatabase.make()
        do {
            let store = try await Store.open(path: database.path, now: Fixtures.now)
            _ = try await Topics.ensure(on: store, named: "Rome")
        }
        let next = Migration.latestVersion + 1
        let fake = Migration(
            version: next, name: "add notes",
            sql: "CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT); ALTER TABLE topics ADD COLUMN note TEXT;")
        let store = try await Store.open(path: database.path, now: Fixtures.now, migrations: Migration.all + [fake])

        #expect(try await store.schemaVersion() == next)
        #expect(try await store.scalarText("SELECT name FROM schema_migrations WHERE version = \(next)") == "add notes")
        #expect(try await store.scalarInteger("SELECT COUNT(*) FROM notes") == 0)
        #expect(try await store.scalarInteger("SELECT COUNT(*) FROM topics WHERE note IS NULL") == 1)
    }

    @Test func aFailingMigrationLeavesThePreviousVersion() async throws {
        let database = await TemporaryDatabase.make()
        let next = Migration.latestVersion + 1
        let broken = Migration(
            version: next, name: "broken", sql: "CREATE TABLE half (id INTEGER); INSERT INTO missing VALUES (1);")

        await #expect {
            _ = try await Store.open(path: database.path, now: Fixtures.now, migrations: Migration.all + [broken])
        } throws: { error in
            guard case .migrationFailed(_, next, "broken", let message) = error as? StoreError else { return false }
            return message.contains("no such table: missing")
        }
        let store = try await Store.open(path: database.path, now: Fixtures.now)
        #expect(try await store.schemaVersion() == Migration.latestVersion)
        #expect(try await store.scalarInteger("SELECT COUNT(*) FROM sqlite_master WHERE name = 'half'") == 0)
    }

    @Test func refusesADatabaseFromANewerVersion() async throws {
        let database = await TemporaryDatabase.make()
        let next = Migration.latestVersion + 1
        let future = Migration(version: next, name: "future", sql: "CREATE TABLE future (id INTEGER PRIMARY KEY);")
        _ = try await Store.open(path: database.path, now: Fixtures.now, migrations: Migration.all + [future])

        await #expect(throws: StoreError.schemaTooNew(path: database.path, version: next, supported: next - 1)) {
            _ = try await Store.open(path: database.path, now: Fixtures.now)
        }
    }

    @Test func turnsOnWALForeignKeysAndNormalSync() async throws {
        let database = await TemporaryDatabase.make()
        let store = try await Store.open(path: database.path, now: Fixtures.now)

        #expect(try await store.scalarText("PRAGMA journal_mode") == "wal")
        #expect(try await store.scalarInteger("PRAGMA foreign_keys") == 1)
        #expect(try await store.scalarInteger("PRAGMA synchronous") == 1)  // NORMAL
        // The writer's WAL hook is its checkpointer (WALCheckpointerTests), not SQLite's automatic checkpoint.
        #expect(store.checkpointCounts?.background == 0)
        #expect(FileManager.default.fileExists(atPath: database.path + "-wal"))
    }

    @Test func createsMissingParentDirectories() async throws {
        let database = await TemporaryDatabase.make()
        let nested = database.path(named: "data/fcgen/deep/fcgen.sqlite")
        let store = try await Store.open(path: nested, now: Fixtures.now)

        #expect(try await store.schemaVersion() == Migration.latestVersion)
        #expect(FileManager.default.fileExists(atPath: nested))
    }

    @Test func reportsAnUncreatableDirectoryWithThePath() async throws {
        let database = await TemporaryDatabase.make()
        let blocker = database.path(named: "blocker")
        #expect(FileManager.default.createFile(atPath: blocker, contents: Data("not a directory".utf8)))
        let path = blocker + "/sub/fcgen.sqlite"

        let error = await #expect(throws: StoreError.self) { _ = try await Store.open(path: path, now: Fixtures.now) }
        guard case .cannotCreateDirectory(path, let reason) = error else {
            Issue.record("unexpected error \(String(describing: error))")
            return
        }
        #expect(reason == "\(blocker) is not a directory")
        #expect(
            error?.description
                == "cannot create the directory for the database at \(path): \(blocker) is not a directory")
    }

    @Test func reportsADirectoryAtTheDatabasePath() async throws {
        let database = await TemporaryDatabase.make()
        let directoryPath = database.path(named: "a-directory.sqlite")
        try FileManager.default.createDirectory(atPath: directoryPath, withIntermediateDirectories: true)

        await #expect(throws: StoreError.notADatabase(path: directoryPath, reason: "it is a directory")) {
            _ = try await Store.open(path: directoryPath, now: Fixtures.now)
        }
    }

    @Test func reportsAFileThatIsNotADatabasePlainly() async throws {
        let database = await TemporaryDatabase.make()
        #expect(FileManager.default.createFile(atPath: database.path, contents: Data(repeating: 0x41, count: 4096)))
        let before = try Data(contentsOf: URL(fileURLWithPath: database.path))

        for open in [
            { try await Store.open(path: database.path, now: Fixtures.now) },
            { try await Store.open(existingAt: database.path, now: Fixtures.now) },
        ] {
            let error = await #expect(throws: StoreError.self) { _ = try await open() }
            #expect(
                error?.description
                    == "\(database.path) is not an fcgen database: it is not an SQLite database; check --db or FCGEN_DB"
            )
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: database.path)) == before, "the file is left as it was")
    }

    @Test func refusesAnotherProgramsSQLiteDatabase() async throws {
        let database = await TemporaryDatabase.make()
        let other = database.path(named: "other.sqlite")
        let made = try await ChildProcess.run(
            "/usr/bin/env",
            [
                "python3", "-c",
                "import sqlite3, sys; c = sqlite3.connect(sys.argv[1]); c.execute('CREATE TABLE places (url TEXT)'); c.commit()",
                other,
            ])
        #expect(made.termination == .exited(0), "\(made.error)")
        let before = try await DatabaseDump.dump(other)

        await #expect(
            throws: StoreError.notADatabase(
                path: other, reason: "it is an SQLite database of another program (it has no fcgen schema)")
        ) { _ = try await Store.open(path: other, now: Fixtures.now) }
        #expect(try await DatabaseDump.dump(other) == before)
    }

    @Test func openingAnExistingDatabaseCreatesNothingWhenItIsMissing() async throws {
        let database = await TemporaryDatabase.make()
        let mistyped = database.path(named: "no/such/dir/fcgen.sqlite")
        await #expect(throws: StoreError.databaseMissing(path: mistyped)) {
            _ = try await Store.open(existingAt: mistyped, now: Fixtures.now)
        }
        #expect(!FileManager.default.fileExists(atPath: database.path(named: "no")))
        await #expect(throws: StoreError.databaseMissing(path: database.path)) {
            _ = try await Store.open(existingAt: database.path, now: Fixtures.now)
        }
        #expect(database.files.allSatisfy { !FileManager.default.fileExists(atPath: $0) })
        _ = try await Store.open(path: database.path, now: Fixtures.now)
        _ = try await Store.open(existingAt: database.path, now: Fixtures.now)
    }
}
