import FCStore
import FCTestSupport
import Foundation
import Synchronization

/// The PostgreSQL cluster the store's PostgreSQL tests run against, found through `FCGEN_TEST_POSTGRES_URL`.
///
/// Without the variable every such test fails with one line saying how to start a cluster; none is skipped.
/// Each test works in a database of its own (``withFreshDatabase(_:)``), dropped afterwards, so tests run in
/// parallel without seeing each other's rows.
enum PostgresTestCluster {
    /// The cluster's main database.
    static func target() throws -> PostgresTarget {
        try PostgresTarget(url: try TestPostgresServer.url())
    }

    /// Runs `body` with a connection to a new, empty database, which is dropped afterwards.
    static func withFreshDatabase<T: Sendable>(
        _ body: (PostgresSQLConnection, PostgresTarget) async throws -> T
    ) async throws -> T {
        let main = try target()
        var fresh = main
        fresh.database = "fcgen_test_\(UInt64.random(in: 0...UInt64.max))"
        let name = fresh.database
        try await administer(main, "CREATE DATABASE \(name)")
        let connection = try await PostgresSQLConnection.connect(to: fresh)
        let result: Result<T, any Error>
        do {
            result = .success(try await body(connection, fresh))
        } catch {
            result = .failure(error)
        }
        await connection.close()
        // Best effort: a leftover database only costs disk in a throwaway cluster.
        try? await administer(main, "DROP DATABASE IF EXISTS \(name) WITH (FORCE)")
        return try result.get()
    }

    /// Runs `sql` on the cluster's main database, on a connection of its own.
    static func administer(_ main: PostgresTarget, _ sql: String) async throws {
        try await ScratchPostgresDatabase.execute(sql, on: main, operation: "administer test database")
    }
}
