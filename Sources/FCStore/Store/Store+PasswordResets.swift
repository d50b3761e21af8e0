import FCCore
package import Foundation

/// Operators' one-use password reset links (`fcgen password-reset create`), also how a learner with tokens only
/// chooses a first password: stored as the SHA-256 of the code, never the code. The newest link of a learner is the
/// only one that works; using it sets the password and ends every sign-in session of that learner in one
/// transaction.
extension Database {
    /// Stores a new reset link for `userID` valid until `expiresAt`, and voids the learner's older unused ones, in
    /// one transaction.
    package func createPasswordReset(userID: Int64, hash: String, expiresAt: Date) async throws -> PasswordReset {
        let createdAt = Date(unixMilliseconds: now().unixMilliseconds)
        let time = createdAt.unixMilliseconds
        let id = try await connection.immediateTransaction("create password reset") {
            try await connection.withQuery(
                """
                UPDATE password_resets SET voided_at = \(time)
                WHERE user_id = \(userID) AND used_at IS NULL AND voided_at IS NULL
                """,
                operation: "void older password resets"
            ) { statement in
                try await statement.run()
            }
            return try await connection.withQuery(
                """
                INSERT INTO password_resets (user_id, code_hash, created_at, expires_at)
                VALUES (\(userID), \(hash), \(time), \(expiresAt.unixMilliseconds)) RETURNING id
                """,
                operation: "create password reset"
            ) { statement in
                _ = try await statement.step()
                return statement.int64(at: 0)
            }
        }
        return PasswordReset(
            id: id, userID: userID, createdAt: createdAt, expiresAt: Date(unixMilliseconds: expiresAt.unixMilliseconds),
            usedAt: nil, voidedAt: nil)
    }

    /// Spends the reset link whose code hashes to `codeHash`: sets its learner's password hash to `passwordHash`
    /// (a learner with tokens only gets credentials, not an admin's) and ends every sign-in session of that
    /// learner, all in one transaction. Returns the learner's credentials as they are now.
    ///
    /// - Throws: ``AccountError/resetUnusable`` when the code is unknown, used, voided or expired; nothing changes
    ///   then.
    package func resetPassword(codeHash: String, passwordHash: String) async throws -> StoredCredentials {
        let time = now().unixMilliseconds
        let userID = try await connection.immediateTransaction("reset password") {
            let spentBy = try await connection.withQuery(
                """
                UPDATE password_resets SET used_at = \(time)
                WHERE code_hash = \(codeHash) AND used_at IS NULL AND voided_at IS NULL AND expires_at > \(time)
                RETURNING user_id
                """,
                operation: "spend password reset"
            ) { statement in
                try await statement.step() ? statement.int64(at: 0) : nil
            }
            guard let spentBy else { throw AccountError.resetUnusable }
            try await setPasswordHash(passwordHash, userID: spentBy)
            _ = try await deleteLoginSessions(userID: spentBy)
            return spentBy
        }
        // Read after the writes (in the caller's transaction when there is one): the row was just written.
        guard let credentials = try await credentials(userID: userID) else { throw AccountError.resetUnusable }
        return credentials
    }

    /// The learner's reset links, oldest first (never the codes).
    package func passwordResets(userID: Int64) async throws -> [PasswordReset] {
        try await connection.withQuery(
            """
            SELECT id, user_id, created_at, expires_at, used_at, voided_at FROM password_resets
            WHERE user_id = \(userID) ORDER BY id
            """,
            operation: "read password resets"
        ) { statement in
            var resets: [PasswordReset] = []
            while try await statement.step() {
                resets.append(
                    PasswordReset(
                        id: statement.int64(at: 0), userID: statement.int64(at: 1),
                        createdAt: Date(unixMilliseconds: statement.int64(at: 2)),
                        expiresAt: Date(unixMilliseconds: statement.int64(at: 3)),
                        usedAt: statement.optionalInt64(at: 4).map(Date.init(unixMilliseconds:)),
                        voidedAt: statement.optionalInt64(at: 5).map(Date.init(unixMilliseconds:))))
            }
            return resets
        }
    }
}

extension Store {
    package func createPasswordReset(userID: Int64, hash: String, expiresAt: Date) async throws -> PasswordReset {
        try await write("create password reset") {
            try await $0.createPasswordReset(userID: userID, hash: hash, expiresAt: expiresAt)
        }
    }

    package func resetPassword(codeHash: String, passwordHash: String) async throws -> StoredCredentials {
        try await write("reset password") { try await $0.resetPassword(codeHash: codeHash, passwordHash: passwordHash) }
    }

    package func passwordResets(userID: Int64) async throws -> [PasswordReset] {
        try await read { try await $0.passwordResets(userID: userID) }
    }
}
