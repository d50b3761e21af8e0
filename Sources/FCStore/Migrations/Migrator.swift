/// Brings a database's schema up to the newest ``Migration`` it knows, on either engine, recording each in
/// `schema_migrations`.
///
/// Each migration runs in its own write transaction together with its `schema_migrations` row, so a failed
/// migration leaves the schema at the previous version and is named (``StoreError/migrationFailed(path:version:name:message:)``).
/// A database whose schema is newer than the list is refused (``StoreError/schemaTooNew(path:version:supported:)``),
/// and so is one another program filled (``StoreError/notADatabase(path:reason:)``).
///
/// Two processes opening a fresh database at the same moment: on SQLite each migration's `BEGIN IMMEDIATE` takes the
/// database's write lock and the applied version is re-read inside it, so the second finds nothing left to do;
/// PostgreSQL has no database-wide write lock, so the whole run holds a session-level advisory lock instead.
package struct Migrator: Sendable {
    /// The advisory lock key every fcgen migrator takes on PostgreSQL ("fcgen" in ASCII).
    static let lockKey: Int64 = 0x66_6367_656E
    let migrations: [Migration]

    /// - Precondition: versions increase strictly (a programmer error otherwise).
    package init(migrations: [Migration]) {
        precondition(
            zip(migrations, migrations.dropFirst()).allSatisfy { $0.version < $1.version },
            "migrations must be numbered in increasing order")
        self.migrations = migrations
    }

    /// Every shipped migration in PostgreSQL's dialect.
    package static var postgres: Migrator { Migrator(migrations: Migration.postgres) }

    /// The newest version this list reaches.
    package var latestVersion: Int { migrations.last?.version ?? 0 }

    /// Applies the migrations a PostgreSQL database has not seen yet; returns the versions applied now.
    @discardableResult
    package func migrate(_ connection: PostgresSQLConnection, appliedAt milliseconds: Int64) async throws -> [Int] {
        try await migrate(on: connection, appliedAt: milliseconds)
    }

    /// Applies the migrations the database has not seen yet; returns the versions applied now.
    @discardableResult
    func migrate(on connection: any SQLConnection, appliedAt milliseconds: Int64) async throws -> [Int] {
        guard connection.dialect == .postgres else {
            return try await migrateLocked(connection, appliedAt: milliseconds)
        }
        try await Self.advisoryLock("pg_advisory_lock", on: connection)
        do {
            let applied = try await migrateLocked(connection, appliedAt: milliseconds)
            try? await Self.advisoryLock("pg_advisory_unlock", on: connection)
            return applied
        } catch {
            try? await Self.advisoryLock("pg_advisory_unlock", on: connection)
            throw error
        }
    }

    private static func advisoryLock(_ function: String, on connection: any SQLConnection) async throws {
        try await connection.runQuery("SELECT \(raw: function)(\(lockKey))", operation: "\(function) (migrations)")
    }

    private func migrateLocked(_ connection: any SQLConnection, appliedAt milliseconds: Int64) async throws -> [Int] {
        try await Self.checkOwnership(connection)
        let integer = connection.dialect == .postgres ? "BIGINT" : "INTEGER"
        try await connection.execute(
            """
            CREATE TABLE IF NOT EXISTS schema_migrations (
                version \(integer) PRIMARY KEY,
                name TEXT NOT NULL,
                applied_at \(integer) NOT NULL
            )
            """,
            operation: "create schema_migrations")
        let current = try await Self.currentVersion(connection)
        guard current <= latestVersion else {
            throw StoreError.schemaTooNew(path: connection.path, version: current, supported: latestVersion)
        }
        var applied: [Int] = []
        for migration in migrations where migration.version > current {
            do {
                let didApply = try await connection.immediateTransaction("migration \(migration.version)") {
                    // Another SQLite connection may have applied it while this one waited for the write lock.
                    guard try await Self.currentVersion(connection) < migration.version else { return false }
                    try await Self.apply(migration, on: connection, appliedAt: milliseconds)
                    return true
                }
                if didApply { applied.append(migration.version) }
            } catch StoreError.sqlite(_, _, _, let message), StoreError.postgres(_, _, _, let message) {
                throw StoreError.migrationFailed(
                    path: connection.path, version: migration.version, name: migration.name, message: message)
            }
        }
        return applied
    }

    /// Runs `migration` and records it in `schema_migrations`, inside the caller's transaction.
    private static func apply(
        _ migration: Migration, on connection: any SQLConnection, appliedAt milliseconds: Int64
    ) async throws {
        try await connection.execute(migration.sql, operation: "migration \(migration.version)")
        try await connection.withQuery(
            """
            INSERT INTO schema_migrations (version, name, applied_at) VALUES (\(migration.version), \(migration.name),
                \(milliseconds))
            """,
            operation: "record migration"
        ) { statement in
            try await statement.run()
        }
    }

    /// Refuses a database that another program filled (tables, but no `schema_migrations`): migrating it would add
    /// fcgen's tables to someone else's data.
    private static func checkOwnership(_ connection: any SQLConnection) async throws {
        let (sql, engine) =
            switch connection.dialect {
            case .sqlite:
                (
                    """
                    SELECT COUNT(*) FILTER (WHERE name = 'schema_migrations'),
                        COUNT(*) FILTER (WHERE name <> 'schema_migrations' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\')
                    FROM sqlite_master WHERE type = 'table'
                    """, "an SQLite"
                )
            case .postgres:
                (
                    """
                    SELECT COUNT(*) FILTER (WHERE table_name = 'schema_migrations'),
                        COUNT(*) FILTER (WHERE table_name <> 'schema_migrations')
                    FROM information_schema.tables
                    WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'
                    """, "a PostgreSQL"
                )
            }
        let (hasMigrations, otherTables) = try await connection.withStatement(sql, operation: "read schema") {
            try await $0.step() ? ($0.int(at: 0), $0.int(at: 1)) : (0, 0)
        }
        guard hasMigrations == 0, otherTables > 0 else { return }
        throw StoreError.notADatabase(
            path: connection.path, reason: "it is \(engine) database of another program (it has no fcgen schema)")
    }

    /// The highest version recorded in `schema_migrations`; 0 for a new database.
    static func currentVersion(_ connection: any SQLConnection) async throws -> Int {
        try await connection.withStatement(
            "SELECT COALESCE(MAX(version), 0) FROM schema_migrations", operation: "read schema version"
        ) { statement in
            try await statement.step() ? statement.int(at: 0) : 0
        }
    }

    /// ``currentVersion(_:)`` of a PostgreSQL database.
    package static func currentVersion(_ connection: PostgresSQLConnection) async throws -> Int {
        try await currentVersion(connection as any SQLConnection)
    }
}
