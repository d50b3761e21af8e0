/// The reads and writes of accounts, each inside the transaction a ``Store/write(_:patience:_:)`` (or
/// ``Store/read(_:)``) hands out: learners' password hashes (`user_credentials`), sign-in sessions
/// (`login_sessions`), invites (`invites`) and password reset links (`password_resets`), all stored as hashes. SQL
/// and rows only: sign-up, sign-in, signing out, changing and resetting a password, in which transactions and with
/// what checks, are the use cases' in FCPipeline's `Accounts/UseCases`. ``Database`` implements it on both engines.
///
/// Spending a one-use code is one conditional `UPDATE` (unused, not voided, not expired at `time`), so two callers
/// racing for the same code cannot both win, on either engine.
package protocol AccountRepository: ~Copyable {
    // MARK: Passwords (the learner's row is ``LearnerRepository``'s)

    /// Stores a new learner's password hash and role.
    func insertCredentials(userID: Int64, passwordHash: String, isAdmin: Bool, at time: Int64) async throws
    /// Sets the learner's password hash, making credentials (not an admin's) for a learner with tokens only.
    func upsertPasswordHash(_ hash: String, userID: Int64, at time: Int64) async throws
    /// The credentials of the learner named `name` (ignoring case); `nil` without a password (tokens only).
    func credentials(named name: String) async throws -> StoredCredentials?
    /// The credentials of the learner `userID`; `nil` without a password.
    func credentials(userID: Int64) async throws -> StoredCredentials?

    // MARK: Invites

    /// Inserts an invite; its id.
    func insertInvite(hash: String, isAdmin: Bool, createdAt: Int64, expiresAt: Int64) async throws -> Int64
    /// Every invite, oldest first (never the codes).
    func invites() async throws -> [Invite]
    /// Marks the invite whose code hashes to `hash` used by `userID` at `time` when it is unused and unexpired then;
    /// whether it is an admin invite, or `nil` when it was not spent.
    func spendInvite(hash: String, by userID: Int64, at time: Int64) async throws -> Bool?

    // MARK: Sign-in sessions

    /// Inserts a sign-in session; its id.
    func insertLoginSession(userID: Int64, hash: String, createdAt: Int64, expiresAt: Int64) async throws -> Int64
    /// Deletes the learner's sessions that expired by `time`.
    func deleteLoginSessions(userID: Int64, expiredBy time: Int64) async throws
    /// The session whose id hashes to `hash`, expired or not, with its learner; `nil` when there is none.
    func loginSession(hash: String) async throws -> LoginSession?
    /// Deletes one session (nothing when it is gone).
    func deleteLoginSession(id: Int64) async throws
    /// Deletes every session of `userID` but `keeping`; how many.
    func deleteLoginSessions(userID: Int64, keeping: Int64?) async throws -> Int

    // MARK: Password resets

    /// Voids the learner's unused, unvoided reset links at `time`.
    func voidPasswordResets(userID: Int64, at time: Int64) async throws
    /// Inserts a reset link; its id.
    func insertPasswordReset(userID: Int64, hash: String, createdAt: Int64, expiresAt: Int64) async throws -> Int64
    /// Marks the link whose code hashes to `codeHash` used at `time` when it is unused, unvoided and unexpired then;
    /// its learner, or `nil` when it was not spent.
    func spendPasswordReset(codeHash: String, at time: Int64) async throws -> Int64?
    /// The learner's reset links, oldest first (never the codes).
    func passwordResets(userID: Int64) async throws -> [PasswordReset]
}

extension Database: AccountRepository {}
