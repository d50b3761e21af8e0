import FCCore
import FCStore
import Foundation

/// A unique, empty directory for one test's database file; removed (with the `-wal` and `-shm` files SQLite
/// leaves next to the database) when the value goes away.
///
/// ```swift
/// @Test func storesABatch() async throws {
///     let database = TemporaryDatabase()
///     let store = try await Store.open(path: database.path, now: .constant(fixedDate))
///     …
/// }
/// ```
///
/// Each instance gets its own directory under the system temporary directory, so tests that run in parallel never
/// share a file, and a test can put further files (a second database, a nested path) next to ``path``.
package final class TemporaryDatabase: Sendable {
    /// The directory that holds the database; deleted with everything in it.
    package let directory: String
    /// The database file path: `<directory>/test.sqlite`. The file does not exist until something opens it.
    package let path: String

    /// Makes a fresh directory. `label` (the calling function's name by default) only makes the directory name
    /// easier to recognise when a test leaves it behind after a crash.
    ///
    /// On PostgreSQL (``postgresVariable``) the database is a copy of a template that already holds every
    /// migration, unless `empty` (for tests that migrate an older schema themselves): migrating each test's
    /// database statement by statement costs a hundred round trips, and ~170 tests doing that at once kept the
    /// cooperative pool waiting long enough to push timed suites past their limits on a loaded machine.
    package static func make(label: String = #function, empty: Bool = false) async -> TemporaryDatabase {
        let made = TemporaryDatabase(label: label)
        if let postgres = made.postgres {
            let template = empty ? nil : await Self.migratedTemplate(on: postgres.server)
            let create = "CREATE DATABASE \(postgres.database)" + (template.map { " TEMPLATE \($0)" } ?? "")
            // A file copy: PostgreSQL 15's default (WAL_LOG) writes every page of the template through the WAL,
            // measured at twice the server's CPU per copy of this small database. Servers before 15 know no
            // STRATEGY, and copy files anyway.
            var copied = false
            if template != nil { copied = await Self.administer(postgres.server, create + " STRATEGY FILE_COPY") }
            if !copied { await Self.administer(postgres.server, create) }
        }
        return made
    }

    private init(label: String) {
        let safeLabel = String(label.prefix(40).map { $0.isLetter || $0.isNumber ? $0 : "-" })
        let base = FileManager.default.temporaryDirectory
            .appendingPathComponent("fcgen-tests", isDirectory: true)
            .appendingPathComponent("\(safeLabel)-\(UUID().uuidString)", isDirectory: true)
        // If this fails, opening the database will report it with the path, which is the better message.
        try? FileManager.default.createDirectory(at: base, withIntermediateDirectories: true)
        directory = base.path
        if let variable = ProcessInfo.processInfo.environment[Self.postgresVariable], !variable.isEmpty {
            let name = "fcgen_t_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
            let server = Self.Server(variable)
            postgres = (server: server, database: name)
            path = server.url(database: name)
        } else {
            postgres = nil
            path = base.appendingPathComponent("test.sqlite").path
        }
    }

    /// Set to a PostgreSQL server URL without a database (`postgres://fcgen@127.0.0.1:54329`, options such as
    /// `?sslmode=disable` allowed), it makes every ``path`` a fresh database on that server instead of a file: how the
    /// store's contract suite runs the SQLite store tests against PostgreSQL.
    package static let postgresVariable = "FCGEN_TEST_STORE_POSTGRES"

    /// A server of ``postgresVariable``: where its databases are, and the options every database's URL carries.
    struct Server: Sendable, Hashable {
        /// `postgres://user@host:port`.
        var base: String
        /// `?sslmode=disable` or empty.
        var options: String

        init(_ variable: String) {
            if let mark = variable.firstIndex(of: "?") {
                (base, options) = (String(variable[..<mark]), String(variable[mark...]))
            } else {
                (base, options) = (variable, "")
            }
        }

        func url(database: String) -> String { base + "/" + database + options }
    }

    /// The server and database of a PostgreSQL ``path``.
    private let postgres: (server: Server, database: String)?

    /// The migrated template of this process on `server`, made on first use (`nil` if that failed: the tests then
    /// migrate their own databases).
    private static func migratedTemplate(on server: Server) async -> String? {
        await templates.template(on: server) {
            let name = "fcgen_tpl_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
            guard await administer(server, "CREATE DATABASE \(name)") else { return nil }
            do {
                // Opened and closed at once: a template must have no connections while it is copied.
                let store = try await Store.open(path: server.url(database: name), now: .system)
                await store.close()
            } catch {
                return nil
            }
            return name
        }
    }

    /// Each server's template database.
    private static let templates = Templates()

    /// The templates, one per server: the first test of a process starts making it, and every test that asks
    /// meanwhile awaits that same making (an actor alone would not do: while the first maker is suspended, the
    /// next caller enters and would start a template of its own, so the ~8 tests that start together each migrated
    /// one). A failed making is forgotten, so a later test tries again.
    private actor Templates {
        private var making: [Server: Task<String?, Never>] = [:]

        func template(on server: Server, make: @escaping @Sendable () async -> String?) async -> String? {
            if let task = making[server] { return await task.value }
            let task = Task { await make() }
            making[server] = task
            let name = await task.value
            if name == nil { making[server] = nil }
            return name
        }
    }

    /// Runs one statement on the server's `postgres` database (creating or dropping a test database).
    @discardableResult
    private static func administer(_ server: Server, _ sql: String) async -> Bool {
        do {
            try await ScratchPostgresDatabase.execute(
                sql, on: try PostgresTarget(url: server.url(database: "postgres")), operation: "prepare test database")
            return true
        } catch {
            // Opening the store reports the missing database with the URL, which is the better message.
            return false
        }
    }

    /// A path inside ``directory``, e.g. `path(named: "a/b/other.sqlite")`, for tests that need more than one file.
    package func path(named relativePath: String) -> String {
        URL(fileURLWithPath: directory).appendingPathComponent(relativePath).path
    }

    /// The database file and its WAL companions; handy for asserting what exists on disk.
    package var files: [String] { [path, path + "-wal", path + "-shm"] }

    deinit {
        try? FileManager.default.removeItem(atPath: directory)
        if let postgres {
            // Best effort, after the test: a leftover database in a throwaway cluster only costs disk.
            Task { await Self.administer(postgres.server, "DROP DATABASE IF EXISTS \(postgres.database) WITH (FORCE)") }
        }
    }
}
