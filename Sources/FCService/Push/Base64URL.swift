package import Foundation

/// base64url without padding (RFC 4648 section 5), as Web Push keys, VAPID's JWT and PushSubscription JSON use it.
package enum Base64URL {
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
