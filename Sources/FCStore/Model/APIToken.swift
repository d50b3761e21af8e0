package import struct Foundation.Date

/// A bearer token of the HTTP service as stored: never the token itself, only its hash and a short prefix.
package struct APIToken: Sendable, Hashable, Identifiable {
    package var id: Int64
    package var userID: Int64
    /// The learner's name, for listings.
    package var userName: String
    /// The first characters of the token (`fcg_ab12`): enough to tell tokens apart, useless to an attacker.
    package var prefix: String
    package var isAdmin: Bool
    package var createdAt: Date
    package var expiresAt: Date?
    package var revokedAt: Date?
    /// The learner's stored time zone (`nil`: UTC), read with the token so a request learns who is calling and
    /// what "today" means for them in one read.
    package var userTimeZone: String?

    package init(
        id: Int64, userID: Int64, userName: String, prefix: String, isAdmin: Bool, createdAt: Date, expiresAt: Date?,
        revokedAt: Date?, userTimeZone: String? = nil
    ) {
        self.id = id
        self.userID = userID
        self.userName = userName
        self.prefix = prefix
        self.isAdmin = isAdmin
        self.createdAt = createdAt
        self.expiresAt = expiresAt
        self.revokedAt = revokedAt
        self.userTimeZone = userTimeZone
    }

    /// Whether the token lets a request in at `now`: not revoked, not expired.
    package func isUsable(at now: Date) -> Bool {
        revokedAt == nil && (expiresAt.map { now < $0 } ?? true)
    }
}
