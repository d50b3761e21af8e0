/// Brings a database's schema up to the newest ``Migration`` it knows, recording each in `schema_migrations`.
///
/// Each migration runs in its own `BEGIN IMMEDIATE` transaction together with its `schema_migrations` row, so a
/// failed migration leaves the schema at the previous version. The applied version is re-read inside that
/// transaction: when two processes open a fresh database at the same moment, the second waits for the first and
/// then finds nothing left to do.
struct Migrator {
    let migrations: [Migration]

    /// - Precondition: versions increase strictly, starting at 1 (a programmer error otherwise). A gap is allowed
    ///   only while parallel branches are merged (cards' version 4 before study's version 3 lands).
    init(migrations: [Migration]) {
        for (offset, migration) in migrations.enumerated() {
            let previous = offset == 0 ? 0 : migrations[offset - 1].version
            precondition(migration.version > previous, "migrations must be numbered in increasing order")
        }
        self.migrations = migrations
    }

    /// The newest version this list reaches.
    var latestVersion: Int { migrations.last?.version ?? 0 }

    /// Applies the migrations the database has not seen yet; returns the versions applied now.
    @discardableResult
    func migrate(_ connection: Connection, appliedAt milliseconds: Int64) throws -> [Int] {
        try connection.execute(
            """
            CREATE TABLE IF NOT EXISTS schema_migrations (
                version INTEGER PRIMARY KEY,
                name TEXT NOT NULL,
                applied_at INTEGER NOT NULL
            )
            """,
            operation: "create schema_migrations")

        let current = try Self.currentVersion(connection)
        guard current <= latestVersion else {
            throw StoreError.schemaTooNew(path: connection.path, version: current, supported: latestVersion)
        }

        var applied: [Int] = []
        for migration in migrations where migration.version > current {
            do {
                let didApply = try connection.immediateTransaction("migration \(migration.version)") {
                    // Another connection may have applied it while this one waited for the write lock.
                    guard try Self.currentVersion(connection) < migration.version else { return false }
                    try Self.apply(migration, on: connection, appliedAt: milliseconds)
                    return true
                }
                if didApply { applied.append(migration.version) }
            } catch StoreError.sqlite(_, _, _, let message) {
                throw StoreError.migrationFailed(
                    path: connection.path, version: migration.version, name: migration.name, message: message)
            }
        }
        return applied
    }

    /// Runs `migration` and records it in `schema_migrations`, inside the caller's transaction.
    static func apply(_ migration: Migration, on connection: Connection, appliedAt milliseconds: Int64) throws {
        try connection.execute(migration.sql, operation: "migration \(migration.version)")
        try connection.withStatement(Self.recordSQL, operation: "record migration") { statement in
            try statement.bind(migration.version, at: 1)
            try statement.bind(migration.name, at: 2)
            try statement.bind(milliseconds, at: 3)
            try statement.run()
        }
    }

    /// ``apply(_:on:appliedAt:)`` on either engine (PostgreSQL's migrator).
    static func apply(
        _ migration: Migration, on connection: any SQLConnection, appliedAt milliseconds: Int64
    ) async throws {
        try await connection.execute(migration.sql, operation: "migration \(migration.version)")
        try await connection.withStatement(Self.recordSQL, operation: "record migration") { statement in
            try statement.bind(migration.version, at: 1)
            try statement.bind(migration.name, at: 2)
            try statement.bind(milliseconds, at: 3)
            try await statement.run()
        }
    }

    private static let recordSQL = "INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)"

    /// Refuses an SQLite database that another program made (tables, but no `schema_migrations`): migrating it
    /// would add fcgen's tables to someone else's file.
    static func checkOwnership(_ connection: Connection) throws {
        let (hasMigrations, otherTables) = try connection.withStatement(
            """
            SELECT COUNT(*) FILTER (WHERE name = 'schema_migrations'),
                COUNT(*) FILTER (WHERE name <> 'schema_migrations' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\')
            FROM sqlite_master WHERE type = 'table'
            """,
            operation: "read schema"
        ) { statement in
            try statement.step() ? (statement.int(at: 0), statement.int(at: 1)) : (0, 0)
        }
        guard hasMigrations == 0, otherTables > 0 else { return }
        throw StoreError.notADatabase(
            path: connection.path, reason: "it is an SQLite database of another program (it has no fcgen schema)")
    }

    /// The highest version recorded in `schema_migrations`; 0 for a new database.
    static func currentVersion(_ connection: Connection) throws -> Int {
        try connection.withStatement(Self.versionSQL, operation: "read schema version") { statement in
            try statement.step() ? statement.int(at: 0) : 0
        }
    }

    /// ``currentVersion(_:)`` on either engine (the SQL is the same).
    static func currentVersion(_ connection: any SQLConnection) async throws -> Int {
        try await connection.withStatement(Self.versionSQL, operation: "read schema version") { statement in
            try await statement.step() ? statement.int(at: 0) : 0
        }
    }

    private static let versionSQL = "SELECT COALESCE(MAX(version), 0) FROM schema_migrations"
}
