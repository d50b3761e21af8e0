import FCCore
package import Foundation

/// Operators' one-use sign-up invites (`fcgen invite create`): stored as the SHA-256 of the code, never the code.
/// An invite is spent by ``Database/createAccount(name:passwordHash:inviteHash:)``.
extension Database {
    /// Stores a new invite valid until `expiresAt`.
    package func createInvite(hash: String, isAdmin: Bool, expiresAt: Date) async throws -> Invite {
        let createdAt = now()
        let id = try await connection.immediateTransaction("create invite") {
            try await connection.withQuery(
                """
                INSERT INTO invites (code_hash, is_admin, created_at, expires_at)
                VALUES (\(hash), \(isAdmin ? 1 : 0), \(createdAt.unixMilliseconds), \(expiresAt.unixMilliseconds))
                RETURNING id
                """,
                operation: "create invite"
            ) { statement in
                _ = try await statement.step()
                return statement.int64(at: 0)
            }
        }
        return Invite(
            id: id, isAdmin: isAdmin, createdAt: Date(unixMilliseconds: createdAt.unixMilliseconds),
            expiresAt: Date(unixMilliseconds: expiresAt.unixMilliseconds), usedAt: nil)
    }

    /// Every invite, oldest first (never the codes).
    package func invites() async throws -> [Invite] {
        try await connection.withQuery(
            "SELECT id, is_admin, created_at, expires_at, used_at FROM invites ORDER BY id", operation: "read invites"
        ) { statement in
            var invites: [Invite] = []
            while try await statement.step() {
                invites.append(
                    Invite(
                        id: statement.int64(at: 0), isAdmin: statement.int(at: 1) == 1,
                        createdAt: Date(unixMilliseconds: statement.int64(at: 2)),
                        expiresAt: Date(unixMilliseconds: statement.int64(at: 3)),
                        usedAt: statement.optionalInt64(at: 4).map(Date.init(unixMilliseconds:))))
            }
            return invites
        }
    }
}

extension Store {
    package func createInvite(hash: String, isAdmin: Bool, expiresAt: Date) async throws -> Invite {
        try await write("create invite") {
            try await $0.createInvite(hash: hash, isAdmin: isAdmin, expiresAt: expiresAt)
        }
    }

    package func invites() async throws -> [Invite] {
        try await read { try await $0.invites() }
    }
}
