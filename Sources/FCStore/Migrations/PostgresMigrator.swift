/// ``Migrator`` for a PostgreSQL database: the same `schema_migrations` bookkeeping, one transaction per
/// migration, and a database of a newer schema refused.
///
/// PostgreSQL has no database-wide write lock for `BEGIN IMMEDIATE` to take, so two processes migrating a fresh
/// database at once are serialised by a session-level advisory lock instead: the second waits, then finds nothing
/// left to do.
package struct PostgresMigrator: Sendable {
    /// The advisory lock key every fcgen migrator takes ("fcgen" in ASCII).
    static let lockKey: Int64 = 0x66_6367_656E
    let migrations: [Migration]

    /// - Precondition: versions increase strictly (a programmer error otherwise).
    package init(migrations: [Migration] = Migration.postgres) {
        precondition(
            zip(migrations, migrations.dropFirst()).allSatisfy { $0.version < $1.version },
            "migrations must be numbered in increasing order")
        self.migrations = migrations
    }

    /// The newest version this list reaches.
    package var latestVersion: Int { migrations.last?.version ?? 0 }

    /// Applies the migrations the database has not seen yet; returns the versions applied now.
    ///
    /// - Throws: ``StoreError/schemaTooNew(path:version:supported:)``, ``StoreError/notADatabase(path:reason:)``
    ///   for a database of another program, ``StoreError/migrationFailed(path:version:name:message:)`` (that
    ///   migration rolled back, the earlier ones kept).
    @discardableResult
    package func migrate(_ connection: PostgresSQLConnection, appliedAt milliseconds: Int64) async throws -> [Int] {
        try await connection.withStatement("SELECT pg_advisory_lock(?)", operation: "lock migrations") { statement in
            try statement.bind(Self.lockKey, at: 1)
            try await statement.run()
        }
        do {
            let applied = try await migrateLocked(connection, appliedAt: milliseconds)
            await unlock(connection)
            return applied
        } catch {
            await unlock(connection)
            throw error
        }
    }

    private func unlock(_ connection: PostgresSQLConnection) async {
        _ = try? await connection.withStatement("SELECT pg_advisory_unlock(?)", operation: "unlock migrations") {
            try $0.bind(Self.lockKey, at: 1)
            try await $0.run()
        }
    }

    private func migrateLocked(_ connection: PostgresSQLConnection, appliedAt milliseconds: Int64) async throws -> [Int]
    {
        try await Self.checkOwnership(connection)
        try await connection.execute(
            """
            CREATE TABLE IF NOT EXISTS schema_migrations (
                version BIGINT PRIMARY KEY,
                name TEXT NOT NULL,
                applied_at BIGINT NOT NULL
            )
            """,
            operation: "create schema_migrations")
        let current = try await Self.currentVersion(connection)
        guard current <= latestVersion else {
            throw StoreError.schemaTooNew(path: connection.target, version: current, supported: latestVersion)
        }
        var applied: [Int] = []
        for migration in migrations where migration.version > current {
            do {
                try await connection.immediateTransaction("migration \(migration.version)") {
                    try await Migrator.apply(migration, on: connection as any SQLConnection, appliedAt: milliseconds)
                }
                applied.append(migration.version)
            } catch StoreError.postgres(_, _, _, let message) {
                throw StoreError.migrationFailed(
                    path: connection.target, version: migration.version, name: migration.name, message: message)
            }
        }
        return applied
    }

    /// Refuses a database that another program filled (tables in the current schema, but no
    /// `schema_migrations`): migrating it would add fcgen's tables to someone else's data.
    static func checkOwnership(_ connection: PostgresSQLConnection) async throws {
        let (hasMigrations, otherTables) = try await connection.withStatement(
            """
            SELECT COUNT(*) FILTER (WHERE table_name = 'schema_migrations'),
                COUNT(*) FILTER (WHERE table_name <> 'schema_migrations')
            FROM information_schema.tables
            WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'
            """,
            operation: "read schema"
        ) { statement in
            try await statement.step() ? (statement.int(at: 0), statement.int(at: 1)) : (0, 0)
        }
        guard hasMigrations == 0, otherTables > 0 else { return }
        throw StoreError.notADatabase(
            path: connection.target, reason: "it is a PostgreSQL database of another program (it has no fcgen schema)")
    }

    /// The highest version recorded in `schema_migrations`; 0 for a new database (``Migrator/currentVersion(_:)``,
    /// whose SQL both engines accept).
    package static func currentVersion(_ connection: PostgresSQLConnection) async throws -> Int {
        try await Migrator.currentVersion(connection as any SQLConnection)
    }
}
