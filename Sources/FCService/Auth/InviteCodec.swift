import FCPipeline
package import Foundation

/// Invite codes (`fcgen invite create`): `fci_` and 32 random bytes as base64url, stored only as their SHA-256.
package enum InviteCodec {
    /// What every code starts with, so a leaked one is easy to recognise.
    package static let marker = "fci_"

    /// A new code from `generator` (the system's cryptographic generator in production).
    package static func newCode(using generator: inout some RandomNumberGenerator) -> String {
        marker + SessionCookie.newID(using: &generator)
    }

    /// The stored form: SHA-256 of the code's UTF-8 (surrounding blanks left out), lowercase hex.
    package static func hash(_ code: String) -> String {
        SHA256Hex.of(code.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    /// The web app's sign-up link for `code` on the server at `publicURL`: the code rides in the fragment, which
    /// browsers never send, so it reaches no server or proxy log.
    package static func link(_ code: String, publicURL: PublicURL) -> String {
        "\(publicURL)/#/signup?invite=\(code)"
    }
}
