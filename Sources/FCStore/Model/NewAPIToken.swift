/// A bearer token about to be stored: never the token itself, only its SHA-256 (`hash`, hex) and `prefix`; times in
/// Unix milliseconds.
package struct NewAPIToken: Sendable, Hashable {
    package var userID: Int64
    package var hash: String
    package var prefix: String
    package var isAdmin: Bool
    package var createdAt: Int64
    package var expiresAt: Int64?

    package init(userID: Int64, hash: String, prefix: String, isAdmin: Bool, createdAt: Int64, expiresAt: Int64?) {
        self.userID = userID
        self.hash = hash
        self.prefix = prefix
        self.isAdmin = isAdmin
        self.createdAt = createdAt
        self.expiresAt = expiresAt
    }
}
