import FCCore
package import Foundation

/// Accounts: a learner's password hash, made at sign-up (an invite spent in the same transaction) or set later.
extension Database {
    /// Makes a new learner named `name` with the password hash `passwordHash`, spending `inviteHash`'s invite when
    /// given (an admin invite makes an admin account), all in one transaction: an invite is spent exactly once,
    /// and only by an account that was made.
    ///
    /// - Throws: ``AccountError/nameTaken`` when a learner has this name (ignoring case), and
    ///   ``AccountError/inviteUnusable`` when the invite is unknown, used or expired; ``StoreError/invalidUserName``
    ///   for an empty name.
    package func createAccount(name: String, passwordHash: String, inviteHash: String?) async throws
        -> StoredCredentials
    {
        let name = name.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !name.isEmpty else { throw StoreError.invalidUserName }
        let time = now().unixMilliseconds
        return try await connection.immediateTransaction("create account") {
            let userID = try await connection.withQuery(
                "INSERT INTO users (name, created_at) VALUES (\(name), \(time)) ON CONFLICT (name) DO NOTHING RETURNING id",
                operation: "create account"
            ) { statement in
                try await statement.step() ? statement.int64(at: 0) : nil
            }
            guard let userID else { throw AccountError.nameTaken }
            var isAdmin = false
            if let inviteHash {
                let spent = try await connection.withQuery(
                    """
                    UPDATE invites SET used_at = \(time), used_by = \(userID)
                    WHERE code_hash = \(inviteHash) AND used_at IS NULL AND expires_at > \(time) RETURNING is_admin
                    """,
                    operation: "spend invite"
                ) { statement in
                    try await statement.step() ? statement.int(at: 0) == 1 : nil
                }
                guard let spent else { throw AccountError.inviteUnusable }
                isAdmin = spent
            }
            try await connection.withQuery(
                """
                INSERT INTO user_credentials (user_id, password_hash, is_admin, created_at, updated_at)
                VALUES (\(userID), \(passwordHash), \(isAdmin ? 1 : 0), \(time), \(time))
                """,
                operation: "create account"
            ) { statement in
                try await statement.run()
            }
            return StoredCredentials(
                userID: userID, userName: name, passwordHash: passwordHash, isAdmin: isAdmin, userTimeZone: nil)
        }
    }

    /// The credentials of the learner named `name` (ignoring case); `nil` when there is no such learner or they
    /// have no password (tokens only).
    package func credentials(named name: String) async throws -> StoredCredentials? {
        try await credentials(where: "u.name = \(name.trimmingCharacters(in: .whitespacesAndNewlines))")
    }

    /// The credentials of the learner `userID`; `nil` when they have no password.
    package func credentials(userID: Int64) async throws -> StoredCredentials? {
        try await credentials(where: "u.id = \(userID)")
    }

    /// Sets the learner's password hash (a learner with tokens only gets credentials, not an admin's).
    package func setPasswordHash(_ hash: String, userID: Int64) async throws {
        let time = now().unixMilliseconds
        try await connection.immediateTransaction("set password") {
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

extension Store {
    package func createAccount(name: String, passwordHash: String, inviteHash: String?) async throws
        -> StoredCredentials
    {
        try await write("create account") {
            try await $0.createAccount(name: name, passwordHash: passwordHash, inviteHash: inviteHash)
        }
    }

    package func credentials(named name: String) async throws -> StoredCredentials? {
        try await read { try await $0.credentials(named: name) }
    }

    package func credentials(userID: Int64) async throws -> StoredCredentials? {
        try await read { try await $0.credentials(userID: userID) }
    }

    package func setPasswordHash(_ hash: String, userID: Int64) async throws {
        try await write("set password") { try await $0.setPasswordHash(hash, userID: userID) }
    }
}
