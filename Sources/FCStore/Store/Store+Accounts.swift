import FCCore
import Foundation

/// Learners' password hashes (``AccountRepository``; sign-up and password changes are FCPipeline's use cases).
extension Database {
    package func insertCredentials(userID: Int64, passwordHash: String, isAdmin: Bool, at time: Int64) async throws {
        try await connection.withQuery(
            """
            INSERT INTO user_credentials (user_id, password_hash, is_admin, created_at, updated_at)
            VALUES (\(userID), \(passwordHash), \(isAdmin ? 1 : 0), \(time), \(time))
            """,
            operation: "create account"
        ) { statement in
            try await statement.run()
        }
    }

    package func upsertPasswordHash(_ hash: String, userID: Int64, at time: Int64) async throws {
        try await connection.withQuery(
            """
            INSERT INTO user_credentials (user_id, password_hash, is_admin, created_at, updated_at)
            VALUES (\(userID), \(hash), 0, \(time), \(time))
            ON CONFLICT (user_id) DO UPDATE SET password_hash = excluded.password_hash, updated_at = excluded.updated_at
            """,
            operation: "set password"
        ) { statement in
            try await statement.run()
        }
    }

    package func credentials(named name: String) async throws -> StoredCredentials? {
        try await credentials(where: "u.name = \(name.trimmingCharacters(in: .whitespacesAndNewlines))")
    }

    package func credentials(userID: Int64) async throws -> StoredCredentials? {
        try await credentials(where: "u.id = \(userID)")
    }

    private func credentials(where condition: StoreQuery) async throws -> StoredCredentials? {
        try await connection.withServerPreparedQuery(
            """
            SELECT c.user_id, u.name, c.password_hash, c.is_admin, u.time_zone
            FROM user_credentials c JOIN users u ON u.id = c.user_id WHERE \(condition)
            """,
            operation: "read credentials"
        ) { statement in
            guard try await statement.step() else { return nil }
            return StoredCredentials(
                userID: statement.int64(at: 0), userName: statement.string(at: 1),
                passwordHash: statement.string(at: 2), isAdmin: statement.int(at: 3) == 1,
                userTimeZone: statement.optionalString(at: 4))
        }
    }
}
