import FCPipeline
package import Foundation

/// Bearer tokens: `fcg_` and 32 random bytes as base64url, stored only as their SHA-256.
package enum TokenCodec {
    /// What every token starts with, so a leaked one is easy to recognise (and to scan for).
    package static let marker = "fcg_"

    /// A new token from `generator` (the system's cryptographic generator in production).
    package static func newToken(using generator: inout some RandomNumberGenerator) -> String {
        marker + Base64URL.random(bytes: 32, using: &generator)
    }

    /// The stored form: SHA-256 of the token's UTF-8, lowercase hex.
    package static func hash(_ token: String) -> String {
        SHA256Hex.of(token)
    }

    /// The non-secret prefix `fcgen token list` shows: the marker and four characters (24 bits of 256).
    package static func prefix(of token: String) -> String {
        String(token.prefix(marker.count + 4))
    }
}
