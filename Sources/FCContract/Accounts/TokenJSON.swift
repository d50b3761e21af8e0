package import FCStore
package import Foundation

/// A bearer token as `fcgen token … --json` and the Me screen's routes (`/v1/me/tokens`) write it: one type for both,
/// so the command line and the API spell a token alike (docs/json.md). Never the secret, only its prefix.
package struct TokenJSON: Encodable, Sendable {
    package var id: Int64
    /// The learner the token signs in as.
    package var user: String
    package var prefix: String
    /// Whether the token may also manage content (`fcgen token create --admin`; never a token made on Me): the
    /// spelling of the sign-in answer and `/v1/me`.
    package var isAdmin: Bool
    /// The same as ``isAdmin``, kept one `schemaVersion` for scripts that read it (docs/json.md: a rename raises
    /// `schemaVersion`); deprecated, gone at `schemaVersion` 4.
    package var admin: Bool
    package var createdAt: Date
    package var expiresAt: Date?
    package var revokedAt: Date?

    package init(_ token: APIToken) {
        id = token.id
        user = token.userName
        prefix = token.prefix
        isAdmin = token.isAdmin
        admin = token.isAdmin
        createdAt = token.createdAt
        expiresAt = token.expiresAt
        revokedAt = token.revokedAt
    }
}

/// A list of tokens: `fcgen token list --json`, `GET /v1/me/tokens`.
package struct TokenListJSON: Encodable, Sendable {
    package var tokens: [TokenJSON]

    package init(tokens: [TokenJSON]) { self.tokens = tokens }
}

/// One token: `fcgen token revoke --json`, `DELETE /v1/me/tokens/{id}`; with its `secret` the one time it is shown
/// (`fcgen token create --json`, `POST /v1/me/tokens`).
package struct OneTokenJSON: Encodable, Sendable {
    package var token: TokenJSON
    package var secret: String?

    package init(token: TokenJSON, secret: String? = nil) {
        self.token = token
        self.secret = secret
    }
}
