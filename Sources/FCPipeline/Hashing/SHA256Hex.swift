package import Crypto
package import Foundation

/// SHA-256 digests as lowercase hex, the form the store keeps (token hashes, request hashes, image and source
/// identities).
///
/// Hex by table: `String(format: "%02x")` per byte costs tens of microseconds a digest on Linux, paid on every
/// authenticated request.
package enum SHA256Hex {
    private static let digits = Array("0123456789abcdef".utf8)

    /// The hex of `digest`.
    package static func string(_ digest: SHA256.Digest) -> String {
        var hex: [UInt8] = []
        hex.reserveCapacity(64)
        for byte in digest {
            hex.append(digits[Int(byte >> 4)])
            hex.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: hex, as: UTF8.self)
    }

    /// The hex SHA-256 of `bytes`.
    package static func of(_ bytes: some DataProtocol) -> String {
        string(SHA256.hash(data: bytes))
    }

    /// The hex SHA-256 of `text`'s UTF-8.
    package static func of(_ text: String) -> String {
        of(Array(text.utf8))
    }
}
