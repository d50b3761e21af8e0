package import FCStore
package import Foundation

/// A new, empty PostgreSQL database on a server, for one test or benchmark run, dropped by ``drop()``.
///
/// ```swift
/// let database = try await ScratchPostgresDatabase.create(on: "postgres://fcgen@127.0.0.1:54329/fcgen", label: "hosts")
/// defer { Task { await database.drop() } }
/// let store = try await Store.open(path: database.url, now: .system)      // or: fcgen-worker --db <database.url>
/// ```
///
/// The server URL names any database the role may connect to (the cluster's main one); the new database gets the
/// URL's user, password, host, port and options, with its own name.
package final class ScratchPostgresDatabase: Sendable {
    /// `postgres://user@host:port/<name>`: what `--db` takes.
    package let url: String
    /// `fcgen_<label>_<random>`.
    package let name: String
    /// The database the server URL named, where the new one is created and dropped from.
    private let server: PostgresTarget

    private init(url: String, name: String, server: PostgresTarget) {
        self.url = url
        self.name = name
        self.server = server
    }

    /// Creates the database on the server `serverURL` points at.
    ///
    /// - Parameter label: letters and digits, part of the name so a leftover database says who made it.
    /// - Throws: ``StoreError`` naming the server (never its password) when it cannot be reached or refuses.
    package static func create(on serverURL: String, label: String) async throws -> ScratchPostgresDatabase {
        let server = try PostgresTarget(url: serverURL)
        let suffix = UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased().prefix(12)
        let name = "fcgen_\(label.lowercased().filter { $0.isLetter || $0.isNumber })_\(suffix)"
        guard var components = URLComponents(string: serverURL) else {
            throw StoreError.cannotOpen(path: server.description, message: "not a PostgreSQL URL")
        }
        components.path = "/" + name
        guard let url = components.string else {
            throw StoreError.cannotOpen(path: server.description, message: "not a PostgreSQL URL")
        }
        try await Self.execute("CREATE DATABASE \(name)", on: server, operation: "create scratch database")
        return ScratchPostgresDatabase(url: url, name: name, server: server)
    }

    /// Drops the database, closing any connection still open to it. Best effort: a leftover database in a
    /// throwaway cluster only costs disk.
    package func drop() async {
        let (server, name) = (server, name)
        try? await Self.execute(
            "DROP DATABASE IF EXISTS \(name) WITH (FORCE)", on: server, operation: "drop scratch database")
    }

    /// Runs `sql` (one or more statements without rows: `ANALYZE`, DDL) in the database, on a connection of its own.
    package func execute(_ sql: String) async throws {
        let target = try PostgresTarget(url: url)
        try await Self.execute(sql, on: target, operation: "scratch database statement")
    }

    /// Runs `sql` on a connection of its own to `target`, closed afterwards (creating and dropping test databases).
    package static func execute(_ sql: String, on target: PostgresTarget, operation: String) async throws {
        let connection = try await PostgresSQLConnection.connect(to: target)
        do {
            try await connection.execute(sql, operation: operation)
            await connection.close()
        } catch {
            await connection.close()
            throw error
        }
    }
}
