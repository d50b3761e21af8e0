import FCPipeline
package import Foundation

/// Password reset codes (`fcgen password-reset create`): `fcr_` and 32 random bytes as base64url, stored only as
/// their SHA-256, as invite codes are (``InviteCodec``).
package enum PasswordResetCodec {
    /// What every code starts with, so a leaked one is easy to recognise.
    package static let marker = "fcr_"
    /// The longest code `POST /v1/account/password-reset` reads: a real one has 47 characters; anything much
    /// longer is refused before it is hashed.
    package static let maxCharacters = 200

    /// A new code from `generator` (the system's cryptographic generator in production).
    package static func newCode(using generator: inout some RandomNumberGenerator) -> String {
        marker + SessionCookie.newID(using: &generator)
    }

    /// The stored form: SHA-256 of the code's UTF-8 (surrounding blanks left out), lowercase hex.
    package static func hash(_ code: String) -> String {
        SHA256Hex.of(code.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    /// The web app's set-password link for `code` on the server at `publicURL`: the code rides in the fragment,
    /// which browsers never send, so it reaches no server or proxy log (as an invite link's does).
    package static func link(_ code: String, publicURL: PublicURL) -> String {
        "\(publicURL)/#/set-password?code=\(code)"
    }
}
