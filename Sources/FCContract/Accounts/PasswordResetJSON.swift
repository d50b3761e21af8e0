package import FCStore
package import Foundation

/// A new password reset link as `fcgen password-reset create --json` writes it (docs/json-schemas/password-reset.json):
/// the link's facts, and its code (and, with `--public-url`, the web app's link) the one time they are shown. Never
/// the code's hash.
package struct PasswordResetJSON: Encodable, Sendable {
    /// The stored link, without its code.
    package struct Reset: Encodable, Sendable {
        package var id: Int64
        /// The learner whose password it sets.
        package var user: String
        package var createdAt: Date
        package var expiresAt: Date
    }

    package var reset: Reset
    package var code: String
    package var link: String?

    package init(_ reset: PasswordReset, user: String, code: String, link: String?) {
        self.reset = Reset(id: reset.id, user: user, createdAt: reset.createdAt, expiresAt: reset.expiresAt)
        self.code = code
        self.link = link
    }
}
