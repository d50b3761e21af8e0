package import Foundation

/// base64url without padding (RFC 4648 section 5): bearer tokens, session ids, page cursors, Web Push keys, VAPID's
/// JWT and PushSubscription JSON.
package enum Base64URL {
    /// `count` bytes from `generator` (the system's cryptographic generator in production), encoded.
    package static func random(bytes count: Int, using generator: inout some RandomNumberGenerator) -> String {
        encode((0..<count).map { _ in UInt8.random(in: .min ... .max, using: &generator) })
    }

    package static func encode(_ bytes: some DataProtocol) -> String {
        Data(bytes).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    /// The bytes of `text`, or `nil` when it is not base64url (padding is accepted, other characters are not).
    package static func decode(_ text: String) -> Data? {
        guard !text.contains("+"), !text.contains("/") else { return nil }
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while base64.count % 4 != 0 { base64 += "=" }
        return Data(base64Encoded: base64)
    }
}
