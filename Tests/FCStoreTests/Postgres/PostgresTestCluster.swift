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

    /// Runs `body` on a thread of its own with a connection to a new, empty database, which is dropped afterwards.
    static func withFreshDatabase<T: Sendable>(
        _ body: @escaping @Sendable (PostgresSQLConnection, PostgresTarget) throws -> T
    ) async throws -> T {
        let main = try target()
        var fresh = main
        fresh.database = "fcgen_test_\(UInt64.random(in: 0...UInt64.max))"
        let name = fresh.database
        try await onStoreThread {
            let admin = try PostgresSQLConnection.connect(to: main)
            defer { admin.close() }
            try admin.execute("CREATE DATABASE \(name)", operation: "create test database")
        }
        let target = fresh
        defer {
            // Best effort: a leftover database only costs disk in a throwaway cluster.
            let thread = Thread {
                guard let admin = try? PostgresSQLConnection.connect(to: main) else { return }
                try? admin.execute("DROP DATABASE IF EXISTS \(name) WITH (FORCE)", operation: "drop test database")
                admin.close()
            }
            thread.start()
        }
        return try await onStoreThread {
            let connection = try PostgresSQLConnection.connect(to: target)
            defer { connection.close() }
            return try body(connection, target)
        }
    }
}

/// Runs blocking store work on a new thread, as the store runs it on threads of its own: never on Swift's
/// cooperative pool, which the adapter's blocking waits could stall.
func onStoreThread<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        let thread = Thread { continuation.resume(with: Result { try body() }) }
        thread.start()
    }
}
