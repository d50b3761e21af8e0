import FCStore
import Foundation

/// A PostgreSQL lock held in an open transaction on a connection of its own, until ``release()``: how a test stops
/// another process's transaction at a chosen statement (a worker's commit at its first card insert).
///
/// `@unchecked Sendable`: the connection is used by ``take(_:in:)`` and then by ``release()``, one after the other,
/// by the one test that holds the lock.
final class TableLock: @unchecked Sendable {
    private let connection: PostgresSQLConnection
    private var isReleased = false

    private init(connection: PostgresSQLConnection) {
        self.connection = connection
    }

    /// Opens a connection to `url`, begins a transaction and runs `statement` (`LOCK TABLE …`) in it.
    static func take(_ statement: String, in url: String) async throws -> TableLock {
        let connection = try await PostgresSQLConnection.connect(to: try PostgresTarget(url: url))
        do {
            try await connection.execute("BEGIN", operation: "begin test lock")
            try await connection.execute(statement, operation: "take test lock")
        } catch {
            await connection.close()
            throw error
        }
        return TableLock(connection: connection)
    }

    /// Ends the transaction (its lock with it) and closes the connection.
    func release() async {
        guard !isReleased else { return }
        isReleased = true
        try? await connection.execute("ROLLBACK", operation: "release test lock")
        await connection.close()
    }
}
