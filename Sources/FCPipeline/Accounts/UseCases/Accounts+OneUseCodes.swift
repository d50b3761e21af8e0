import FCCore
package import FCStore
package import Foundation

/// Operators' one-use codes: sign-up invites (spent by ``Accounts/signUp(on:name:passwordHash:inviteHash:)``) and
/// password reset links, also how a learner with tokens only chooses a first password. Stored as the SHA-256 of
/// the code, never the code.
extension Accounts {
    /// Stores a new invite valid until `expiresAt`.
    package static func createInvite(
        on store: Store, hash: String, isAdmin: Bool, expiresAt: Date
    ) async throws -> Invite {
        let createdAt = store.now().unixMilliseconds
        let expires = expiresAt.unixMilliseconds
        let id = try await store.write("create invite") { db in
            try await db.insertInvite(hash: hash, isAdmin: isAdmin, createdAt: createdAt, expiresAt: expires)
        }
        return Invite(
            id: id, isAdmin: isAdmin, createdAt: Date(unixMilliseconds: createdAt),
            expiresAt: Date(unixMilliseconds: expires), usedAt: nil)
    }

    /// Every invite, oldest first (never the codes).
    package static func invites(on store: Store) async throws -> [Invite] {
        try await store.read { try await $0.invites() }
    }

    /// Stores a new reset link for `userID` valid until `expiresAt`, and voids the learner's older unused ones, in
    /// one transaction: the newest link is the only one that works.
    package static func createPasswordReset(
        on store: Store, userID: Int64, hash: String, expiresAt: Date
    ) async throws -> PasswordReset {
        let time = store.now().unixMilliseconds
        let expires = expiresAt.unixMilliseconds
        let id = try await store.write("create password reset") { db in
            try await db.voidPasswordResets(userID: userID, at: time)
            return try await db.insertPasswordReset(userID: userID, hash: hash, createdAt: time, expiresAt: expires)
        }
        return PasswordReset(
            id: id, userID: userID, createdAt: Date(unixMilliseconds: time),
            expiresAt: Date(unixMilliseconds: expires), usedAt: nil, voidedAt: nil)
    }

    /// Spends the reset link whose code hashes to `codeHash`: sets its learner's password hash to `passwordHash`
    /// (a learner with tokens only gets credentials, not an admin's) and ends every sign-in session of that
    /// learner, all in one transaction. Returns the learner's credentials as they are now.
    ///
    /// - Throws: ``FCStore/AccountError/resetUnusable`` when the code is unknown, used, voided or expired; nothing
    ///   changes then.
    package static func resetPassword(
        on store: Store, codeHash: String, passwordHash: String
    ) async throws -> StoredCredentials {
        let time = store.now().unixMilliseconds
        return try await store.write("reset password") { db in
            guard let userID = try await db.spendPasswordReset(codeHash: codeHash, at: time) else {
                throw AccountError.resetUnusable
            }
            try await db.upsertPasswordHash(passwordHash, userID: userID, at: time)
            _ = try await db.deleteLoginSessions(userID: userID, keeping: nil)
            guard let credentials = try await db.credentials(userID: userID) else { throw AccountError.resetUnusable }
            return credentials
        }
    }

    /// The learner's reset links, oldest first (never the codes).
    package static func passwordResets(on store: Store, userID: Int64) async throws -> [PasswordReset] {
        try await store.read { try await $0.passwordResets(userID: userID) }
    }
}
