import FCCore
package import Foundation

/// The web app's sign-in sessions: stored as the SHA-256 of the id the cookie holds, never the id.
extension Database {
    /// Stores a new session of `userID` until `expiresAt`, and deletes the learner's sessions that have expired
    /// (so the table holds no more than each learner's live sessions and those not yet swept).
    package func createLoginSession(userID: Int64, hash: String, expiresAt: Date) async throws -> Int64 {
        let time = now().unixMilliseconds
        return try await connection.immediateTransaction("create login session") {
            try await connection.withQuery(
                "DELETE FROM login_sessions WHERE user_id = \(userID) AND expires_at <= \(time)",
                operation: "sweep login sessions"
            ) { statement in
                try await statement.run()
            }
            return try await connection.withQuery(
                """
                INSERT INTO login_sessions (user_id, session_hash, created_at, expires_at)
                VALUES (\(userID), \(hash), \(time), \(expiresAt.unixMilliseconds)) RETURNING id
                """,
                operation: "create login session"
            ) { statement in
                _ = try await statement.step()
                return statement.int64(at: 0)
            }
        }
    }

    /// The session whose id hashes to `hash`, expired or not (the caller decides), with its learner; `nil` when
    /// there is none (never made, signed out, or ended everywhere).
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

    /// Ends one session (signing out); ending an ended one does nothing.
    package func deleteLoginSession(id: Int64) async throws {
        try await connection.immediateTransaction("delete login session") {
            try await connection.withQuery(
                "DELETE FROM login_sessions WHERE id = \(id)", operation: "delete login session"
            ) { statement in
                try await statement.run()
            }
        }
    }

    /// Ends every session of `userID` but `keeping` (signing out everywhere, or elsewhere after a password
    /// change); returns how many ended.
    package func deleteLoginSessions(userID: Int64, keeping: Int64? = nil) async throws -> Int {
        try await connection.immediateTransaction("delete login sessions") {
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
}

extension Store {
    package func createLoginSession(userID: Int64, hash: String, expiresAt: Date) async throws -> Int64 {
        try await write("create login session") {
            try await $0.createLoginSession(userID: userID, hash: hash, expiresAt: expiresAt)
        }
    }

    package func loginSession(hash: String) async throws -> LoginSession? {
        try await readStatement { try await $0.loginSession(hash: hash) }
    }

    package func deleteLoginSession(id: Int64) async throws {
        try await write("delete login session") { try await $0.deleteLoginSession(id: id) }
    }

    package func deleteLoginSessions(userID: Int64, keeping: Int64? = nil) async throws -> Int {
        try await write("delete login sessions") { try await $0.deleteLoginSessions(userID: userID, keeping: keeping) }
    }
}
