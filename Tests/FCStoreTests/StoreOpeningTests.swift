import FCCore
import FCStore
import FCTestSupport
import Foundation
import Testing

struct StoreOpeningTests {
    @Test func migratesAnEmptyDatabaseToTheInitialSchema() async throws {
        let database = TemporaryDatabase()
        let store = try Store(path: database.path, now: Fixtures.now)

        #expect(try await store.schemaVersion() == 1)
        let tables = try await store.scalarText(
            "SELECT group_concat(name, ',') FROM (SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name)")
        #expect(tables == "batches,cards,schema_migrations,topics")
        #expect(try await store.scalarText("SELECT name FROM schema_migrations WHERE version = 1") == "initial")
        #expect(
            try await store.scalarInteger("SELECT applied_at FROM schema_migrations WHERE version = 1")
                == 1_700_000_000_123)
    }

    @Test func reopeningAppliesNothingNew() async throws {
        let database = TemporaryDatabase()
        do {
            let store = try Store(path: database.path, now: Fixtures.now)
            _ = try await store.ensureTopic(named: "Rome")
        }
        let later = Now.constant(Fixtures.date.addingTimeInterval(3600))
        let reopened = try Store(path: database.path, now: later)

        #expect(try await reopened.schemaVersion() == 1)
        #expect(try await reopened.scalarInteger("SELECT COUNT(*) FROM schema_migrations") == 1)
        #expect(try await reopened.scalarInteger("SELECT applied_at FROM schema_migrations") == 1_700_000_000_123)
        #expect(try await reopened.scalarInteger("SELECT COUNT(*) FROM sqlite_master WHERE type = 'table'") == 4)
        #expect(try await reopened.scalarInteger("SELECT COUNT(*) FROM topics") == 1)
    }

    @Test func appliesANewMigrationOnTopOfVersionOne() async throws {
        let database = TemporaryDatabase()
        do {
            let store = try Store(path: database.path, now: Fixtures.now)
            _ = try await store.ensureTopic(named: "Rome")
        }
        let fake = Migration(
            version: 2, name: "add notes",
            sql: "CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT); ALTER TABLE topics ADD COLUMN note TEXT;")
        let store = try Store(path: database.path, now: Fixtures.now, migrations: Migration.all + [fake])

        #expect(try await store.schemaVersion() == 2)
        #expect(try await store.scalarText("SELECT name FROM schema_migrations WHERE version = 2") == "add notes")
        #expect(try await store.scalarInteger("SELECT COUNT(*) FROM notes") == 0)
        #expect(try await store.scalarInteger("SELECT COUNT(*) FROM topics WHERE note IS NULL") == 1)
    }

    @Test func aFailingMigrationLeavesThePreviousVersion() async throws {
        let database = TemporaryDatabase()
        let broken = Migration(
            version: 2, name: "broken", sql: "CREATE TABLE half (id INTEGER); INSERT INTO missing VALUES (1);")

        #expect {
            _ = try Store(path: database.path, now: Fixtures.now, migrations: Migration.all + [broken])
        } throws: { error in
            guard case .migrationFailed(_, 2, "broken", let message) = error as? StoreError else { return false }
            return message.contains("no such table: missing")
        }
        let store = try Store(path: database.path, now: Fixtures.now)
        #expect(try await store.schemaVersion() == 1)
        #expect(try await store.scalarInteger("SELECT COUNT(*) FROM sqlite_master WHERE name = 'half'") == 0)
    }

    @Test func refusesADatabaseFromANewerVersion() async throws {
        let database = TemporaryDatabase()
        let future = Migration(version: 2, name: "future", sql: "CREATE TABLE future (id INTEGER PRIMARY KEY);")
        _ = try Store(path: database.path, now: Fixtures.now, migrations: Migration.all + [future])

        #expect(throws: StoreError.schemaTooNew(path: database.path, version: 2, supported: 1)) {
            _ = try Store(path: database.path, now: Fixtures.now)
        }
    }

    @Test func turnsOnWALForeignKeysAndNormalSync() async throws {
        let database = TemporaryDatabase()
        let store = try Store(path: database.path, now: Fixtures.now)

        #expect(try await store.scalarText("PRAGMA journal_mode") == "wal")
        #expect(try await store.scalarInteger("PRAGMA foreign_keys") == 1)
        #expect(try await store.scalarInteger("PRAGMA synchronous") == 1)  // NORMAL
        #expect(try await store.scalarInteger("PRAGMA wal_autocheckpoint") == 10_000)  // pages; SQLite's is 1,000
        #expect(FileManager.default.fileExists(atPath: database.path + "-wal"))
    }

    @Test func createsMissingParentDirectories() async throws {
        let database = TemporaryDatabase()
        let nested = database.path(named: "data/fcgen/deep/fcgen.sqlite")
        let store = try Store(path: nested, now: Fixtures.now)

        #expect(try await store.schemaVersion() == 1)
        #expect(FileManager.default.fileExists(atPath: nested))
    }

    @Test func reportsAnUncreatableDirectoryWithThePath() throws {
        let database = TemporaryDatabase()
        let blocker = database.path(named: "blocker")
        #expect(FileManager.default.createFile(atPath: blocker, contents: Data("not a directory".utf8)))
        let path = blocker + "/sub/fcgen.sqlite"

        let error = #expect(throws: StoreError.self) { _ = try Store(path: path, now: Fixtures.now) }
        guard case .cannotCreateDirectory(path, let reason) = error else {
            Issue.record("unexpected error \(String(describing: error))")
            return
        }
        #expect(reason == "\(blocker) is not a directory")
        #expect(
            error?.description
                == "cannot create the directory for the database at \(path): \(blocker) is not a directory")
    }

    @Test func reportsAnUnopenableFileWithThePathAndSQLiteMessage() throws {
        let database = TemporaryDatabase()
        let directoryPath = database.path(named: "a-directory.sqlite")
        try FileManager.default.createDirectory(atPath: directoryPath, withIntermediateDirectories: true)

        let error = #expect(throws: StoreError.self) { _ = try Store(path: directoryPath, now: Fixtures.now) }
        #expect(error?.description == "cannot open database at \(directoryPath): unable to open database file")
    }

    @Test func reportsAFileThatIsNotADatabase() throws {
        let database = TemporaryDatabase()
        #expect(FileManager.default.createFile(atPath: database.path, contents: Data(repeating: 0x41, count: 4096)))

        let error = #expect(throws: StoreError.self) { _ = try Store(path: database.path, now: Fixtures.now) }
        #expect(error?.description == "cannot open database at \(database.path): file is not a database")
    }
}
