import FCPipeline
package import Foundation

/// The codes of one-use links an operator hands out: invites (`fcgen invite create`) and password resets
/// (`fcgen password-reset create`). A code is a marker and 32 random bytes as base64url, stored only as its
/// SHA-256; its link puts it in the URL's fragment, which browsers never send, so it reaches no server or proxy log.
package struct OneUseCode: Sendable {
    /// What every code of this kind starts with, so a leaked one is easy to recognise.
    package let marker: String
    /// The web app's route and query member that take the code: `#/signup?invite=`.
    let linkPath: String

    /// Invite codes: `fci_…`, opening the sign-up screen.
    package static let invite = OneUseCode(marker: "fci_", linkPath: "#/signup?invite=")
    /// Password reset codes: `fcr_…`, opening the set-password screen.
    package static let passwordReset = OneUseCode(marker: "fcr_", linkPath: "#/set-password?code=")

    /// The longest code a route reads: a real one has 47 characters; anything much longer is refused before it is
    /// hashed.
    package static let maxCharacters = 200

    /// A new code from `generator` (the system's cryptographic generator in production).
    package func newCode(using generator: inout some RandomNumberGenerator) -> String {
        marker + Base64URL.random(bytes: 32, using: &generator)
    }

    /// The stored form: SHA-256 of the code's UTF-8 (surrounding blanks left out), lowercase hex.
    package func hash(_ code: String) -> String {
        SHA256Hex.of(code.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    /// The web app's link for `code` on the server at `publicURL`.
    package func link(_ code: String, publicURL: PublicURL) -> String {
        "\(publicURL)/\(linkPath)\(code)"
    }
}
