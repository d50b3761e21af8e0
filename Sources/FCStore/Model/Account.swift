package import struct Foundation.Date

/// A learner who signs in with a password, as stored: the bcrypt hash the service made (never the password) and
/// whether their sign-in sessions may manage content.
package struct StoredCredentials: Sendable, Hashable {
    package var userID: Int64
    package var userName: String
    /// bcrypt's modular-crypt text (`$2b$12$…`): the store only keeps and returns it.
    package var passwordHash: String
    package var isAdmin: Bool
    /// The learner's stored time zone (`nil`: UTC).
    package var userTimeZone: String?

    package init(userID: Int64, userName: String, passwordHash: String, isAdmin: Bool, userTimeZone: String?) {
        self.userID = userID
        self.userName = userName
        self.passwordHash = passwordHash
        self.isAdmin = isAdmin
        self.userTimeZone = userTimeZone
    }
}

/// A signed-in browser, as stored: never the session id its cookie holds, only the id's SHA-256.
package struct LoginSession: Sendable, Hashable, Identifiable {
    package var id: Int64
    package var userID: Int64
    package var userName: String
    /// Whether the learner's credentials make them an admin (read with the session, so a request learns who it is
    /// and what it may do in one read).
    package var isAdmin: Bool
    package var userTimeZone: String?
    package var createdAt: Date
    package var expiresAt: Date

    package init(
        id: Int64, userID: Int64, userName: String, isAdmin: Bool, userTimeZone: String?, createdAt: Date,
        expiresAt: Date
    ) {
        self.id = id
        self.userID = userID
        self.userName = userName
        self.isAdmin = isAdmin
        self.userTimeZone = userTimeZone
        self.createdAt = createdAt
        self.expiresAt = expiresAt
    }
}

/// An operator's one-use sign-up code, as stored: never the code, only its SHA-256.
package struct Invite: Sendable, Hashable, Identifiable {
    package var id: Int64
    package var isAdmin: Bool
    package var createdAt: Date
    package var expiresAt: Date
    /// When it made an account; `nil` while unused.
    package var usedAt: Date?

    package init(id: Int64, isAdmin: Bool, createdAt: Date, expiresAt: Date, usedAt: Date?) {
        self.id = id
        self.isAdmin = isAdmin
        self.createdAt = createdAt
        self.expiresAt = expiresAt
        self.usedAt = usedAt
    }
}

/// Why the store refused to make an account or reset a password: the service turns each into a problem naming
/// the field.
package enum AccountError: Error, Sendable, Hashable {
    /// A learner with this name (ignoring case) exists already, with or without a password.
    case nameTaken
    /// The invite code is unknown, used already or expired (the three are not told apart).
    case inviteUnusable
    /// The password reset code is unknown, used already, voided by a newer one or expired (the four are not told
    /// apart, so codes cannot be probed).
    case resetUnusable
}

/// An operator's one-use password reset link (`fcgen password-reset create`), as stored: never the code, only its
/// SHA-256.
package struct PasswordReset: Sendable, Hashable, Identifiable {
    package var id: Int64
    /// The learner whose password it sets.
    package var userID: Int64
    package var createdAt: Date
    package var expiresAt: Date
    /// When it set the password; `nil` while unused.
    package var usedAt: Date?
    /// When a newer link for the same learner replaced it; `nil` while it is the newest.
    package var voidedAt: Date?

    package init(id: Int64, userID: Int64, createdAt: Date, expiresAt: Date, usedAt: Date?, voidedAt: Date?) {
        self.id = id
        self.userID = userID
        self.createdAt = createdAt
        self.expiresAt = expiresAt
        self.usedAt = usedAt
        self.voidedAt = voidedAt
    }
}
