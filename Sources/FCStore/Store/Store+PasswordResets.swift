import FCCore
import Foundation

/// Operators' one-use password reset links' rows (``AccountRepository``): stored as the SHA-256 of the code, never
/// the code.
extension Database {
    package func voidPasswordResets(userID: Int64, at time: Int64) async throws {
        try await connection.withQuery(
            """
            UPDATE password_resets SET voided_at = \(time)
            WHERE user_id = \(userID) AND used_at IS NULL AND voided_at IS NULL
            """,
            operation: "void older password resets"
        ) { statement in
            try await statement.run()
        }
    }

    package func insertPasswordReset(userID: Int64, hash: String, createdAt: Int64, expiresAt: Int64) async throws
        -> Int64
    {
        try await connection.withQuery(
            """
            INSERT INTO password_resets (user_id, code_hash, created_at, expires_at)
            VALUES (\(userID), \(hash), \(createdAt), \(expiresAt)) RETURNING id
            """,
            operation: "create password reset"
        ) { statement in
            _ = try await statement.step()
            return statement.int64(at: 0)
        }
    }

    package func spendPasswordReset(codeHash: String, at time: Int64) async throws -> Int64? {
        try await connection.withQuery(
            """
            UPDATE password_resets SET used_at = \(time)
            WHERE code_hash = \(codeHash) AND used_at IS NULL AND voided_at IS NULL AND expires_at > \(time)
            RETURNING user_id
            """,
            operation: "spend password reset"
        ) { statement in
            try await statement.step() ? statement.int64(at: 0) : nil
        }
    }

    package func passwordResets(userID: Int64) async throws -> [PasswordReset] {
        try await connection.rows(
            """
            SELECT id, user_id, created_at, expires_at, used_at, voided_at FROM password_resets
            WHERE user_id = \(userID) ORDER BY id
            """,
            operation: "read password resets"
        ) { statement in
            PasswordReset(
                id: statement.int64(at: 0), userID: statement.int64(at: 1),
                createdAt: Date(unixMilliseconds: statement.int64(at: 2)),
                expiresAt: Date(unixMilliseconds: statement.int64(at: 3)),
                usedAt: statement.optionalInt64(at: 4).map(Date.init(unixMilliseconds:)),
                voidedAt: statement.optionalInt64(at: 5).map(Date.init(unixMilliseconds:)))
        }
    }
}
