import FCCore
import Foundation

/// Operators' one-use sign-up invites' rows (``AccountRepository``): stored as the SHA-256 of the code, never the
/// code.
extension Database {
    package func insertInvite(hash: String, isAdmin: Bool, createdAt: Int64, expiresAt: Int64) async throws -> Int64 {
        try await connection.withQuery(
            """
            INSERT INTO invites (code_hash, is_admin, created_at, expires_at)
            VALUES (\(hash), \(isAdmin ? 1 : 0), \(createdAt), \(expiresAt))
            RETURNING id
            """,
            operation: "create invite"
        ) { statement in
            _ = try await statement.step()
            return statement.int64(at: 0)
        }
    }

    package func invites() async throws -> [Invite] {
        try await connection.rows(
            "SELECT id, is_admin, created_at, expires_at, used_at FROM invites ORDER BY id", operation: "read invites"
        ) { statement in
            Invite(
                id: statement.int64(at: 0), isAdmin: statement.int(at: 1) == 1,
                createdAt: Date(unixMilliseconds: statement.int64(at: 2)),
                expiresAt: Date(unixMilliseconds: statement.int64(at: 3)),
                usedAt: statement.optionalInt64(at: 4).map(Date.init(unixMilliseconds:)))
        }
    }

    package func spendInvite(hash: String, by userID: Int64, at time: Int64) async throws -> Bool? {
        try await connection.withQuery(
            """
            UPDATE invites SET used_at = \(time), used_by = \(userID)
            WHERE code_hash = \(hash) AND used_at IS NULL AND expires_at > \(time) RETURNING is_admin
            """,
            operation: "spend invite"
        ) { statement in
            try await statement.step() ? statement.int(at: 0) == 1 : nil
        }
    }
}
