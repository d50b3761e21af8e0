import FCCore
package import FCStore
package import Foundation

/// Accounts (`POST /v1/signup`, `/v1/signin`, `/v1/me/password`, `/v1/account/password-reset`, `fcgen invite …`,
/// `fcgen password-reset …`), as plain steps over the store's ``FCStore/AccountRepository``: read, decide, write, in
/// the one transaction each step takes. Secrets never reach here: the service hashes passwords (bcrypt), session
/// ids and one-use codes (SHA-256) before it calls, and only the hashes are stored.
///
/// The rules live here once: a name is trimmed and must not be empty; an invite is spent by the account it makes,
/// in the same transaction, and an admin invite makes an admin; a learner's newest reset link is the only one
/// that works; a new password (changed or reset) ends the learner's other sign-in sessions with it.
package enum Accounts {
    /// Makes a new learner named `name` with the password hash `passwordHash`, spending `inviteHash`'s invite when
    /// given, all in one transaction: an invite is spent exactly once, and only by an account that was made.
    ///
    /// - Throws: ``FCStore/AccountError/nameTaken`` when a learner has this name (ignoring case),
    ///   ``FCStore/AccountError/inviteUnusable`` when the invite is unknown, used or expired, and
    ///   ``FCStore/StoreError/invalidUserName`` for an empty name; nothing is stored then.
    package static func signUp(
        on store: Store, name: String, passwordHash: String, inviteHash: String?
    ) async throws -> StoredCredentials {
        let name = try Learners.checkedName(name)
        let time = store.now().unixMilliseconds
        return try await store.write("create account") { db in
            guard let userID = try await db.insertUser(named: name, createdAt: time) else {
                throw AccountError.nameTaken
            }
            var isAdmin = false
            if let inviteHash {
                guard let adminInvite = try await db.spendInvite(hash: inviteHash, by: userID, at: time) else {
                    throw AccountError.inviteUnusable
                }
                isAdmin = adminInvite
            }
            try await db.insertCredentials(userID: userID, passwordHash: passwordHash, isAdmin: isAdmin, at: time)
            return StoredCredentials(
                userID: userID, userName: name, passwordHash: passwordHash, isAdmin: isAdmin, userTimeZone: nil)
        }
    }

    /// The credentials of the learner named `name` (ignoring case, blanks around it left out); `nil` when there is
    /// no such learner or they have no password (tokens only).
    package static func credentials(on store: Store, named name: String) async throws -> StoredCredentials? {
        try await store.read { try await $0.credentials(named: name) }
    }

    /// The credentials of the learner `userID`; `nil` when they have no password.
    package static func credentials(on store: Store, userID: Int64) async throws -> StoredCredentials? {
        try await store.read { try await $0.credentials(userID: userID) }
    }

    /// Sets the learner's password hash (a learner with tokens only gets credentials, not an admin's) and ends
    /// every sign-in session of theirs but `keeping` (the browser that changed it), in one transaction; how many
    /// sessions ended.
    @discardableResult
    package static func setPassword(
        on store: Store, userID: Int64, passwordHash: String, keepingSession keeping: Int64?
    ) async throws -> Int {
        let time = store.now().unixMilliseconds
        return try await store.write("set password") { db in
            try await db.upsertPasswordHash(passwordHash, userID: userID, at: time)
            return try await db.deleteLoginSessions(userID: userID, keeping: keeping)
        }
    }
}
