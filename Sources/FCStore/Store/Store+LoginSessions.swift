import FCCore
import Foundation

/// The web app's sign-in sessions' rows (``AccountRepository``): stored as the SHA-256 of the id the cookie holds,
/// never the id.
extension Database {
    package func insertLoginSession(userID: Int64, hash: String, createdAt: Int64, expiresAt: Int64) async throws
        -> Int64
    {
        try await connection.withQuery(
            """
            INSERT INTO login_sessions (user_id, session_hash, created_at, expires_at)
            VALUES (\(userID), \(hash), \(createdAt), \(expiresAt)) RETURNING id
            """,
            operation: "create login session"
        ) { statement in
            _ = try await statement.step()
            return statement.int64(at: 0)
        }
    }

    package func deleteLoginSessions(userID: Int64, expiredBy time: Int64) async throws {
        try await connection.withQuery(
            "DELETE FROM login_sessions WHERE user_id = \(userID) AND expires_at <= \(time)",
            operation: "sweep login sessions"
        ) { statement in
            try await statement.run()
        }
    }

    package func loginSession(hash: String) async throws -> LoginSession? {
        // Server-prepared: every request a browser makes looks its session up.
        try await connection.withServerPreparedQuery(
            """
            SELECT s.id, s.user_id, u.name, COALESCE(c.is_admin, 0), u.time_zone, s.created_at, s.expires_at
            FROM login_sessions s JOIN users u ON u.id = s.user_id LEFT JOIN user_credentials c ON c.user_id = s.user_id
            WHERE s.session_hash = \(hash)
            """,
            operation: "read login session"
        ) { statement in
            guard try await statement.step() else { return nil }
            return LoginSession(
                id: statement.int64(at: 0), userID: statement.int64(at: 1), userName: statement.string(at: 2),
                isAdmin: statement.int(at: 3) == 1, userTimeZone: statement.optionalString(at: 4),
                createdAt: Date(unixMilliseconds: statement.int64(at: 5)),
                expiresAt: Date(unixMilliseconds: statement.int64(at: 6)))
        }
    }

    package func deleteLoginSession(id: Int64) async throws {
        try await connection.withQuery(
            "DELETE FROM login_sessions WHERE id = \(id)", operation: "delete login session"
        ) { statement in
            try await statement.run()
        }
    }

    package func deleteLoginSessions(userID: Int64, keeping: Int64?) async throws -> Int {
        try await connection.withQuery(
            "DELETE FROM login_sessions WHERE user_id = \(userID) AND id <> \(keeping ?? 0) RETURNING id",
            operation: "delete login sessions"
        ) { statement in
            var count = 0
            while try await statement.step() { count += 1 }
            return count
        }
    }
}
