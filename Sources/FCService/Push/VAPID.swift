package import Crypto
import FCPipeline
package import FCStore
package import Foundation

/// The service's VAPID identity (RFC 8292): a P-256 signing key, made once and kept in the database so every
/// instance signs with it and browsers' subscriptions (bound to its public key) stay valid.
package struct VAPID: Sendable {
    package let privateKey: P256.Signing.PrivateKey
    /// The JWT's `sub`: a `mailto:` or `https:` contact for the push service's operators (`--vapid-subject`).
    package let subject: String

    package init(privateKey: P256.Signing.PrivateKey, subject: String) {
        self.privateKey = privateKey
        self.subject = subject
    }

    /// The public key as browsers take it (`applicationServerKey`): uncompressed, base64url.
    package var publicKey: String { Base64URL.encode(privateKey.publicKey.x963Representation) }

    /// How long a signed token is valid: RFC 8292 section 2 allows at most 24 hours; 12 is what is commonly sent.
    static let lifetime: TimeInterval = 12 * 3600

    /// The `Authorization` header for a request to `endpoint`: `vapid t=<ES256 JWT>, k=<public key>`, the JWT's
    /// `aud` being the endpoint's origin.
    package func authorization(endpoint: URL, now: Date) throws -> String {
        let header = #"{"typ":"JWT","alg":"ES256"}"#
        let claims = try JSONSerialization.data(
            withJSONObject: [
                "aud": Self.origin(of: endpoint), "exp": Int(now.timeIntervalSince1970 + Self.lifetime),
                "sub": subject,
            ],
            options: [.sortedKeys, .withoutEscapingSlashes])
        let signingInput = Base64URL.encode(Data(header.utf8)) + "." + Base64URL.encode(claims)
        // ES256 (RFC 7518 section 3.4): the raw 64-byte r || s, not DER.
        let signature = try privateKey.signature(for: Data(signingInput.utf8)).rawRepresentation
        return "vapid t=\(signingInput).\(Base64URL.encode(signature)), k=\(publicKey)"
    }

    /// `https://push.example.net` (the port only when it is not the scheme's own).
    package static func origin(of url: URL) -> String {
        let scheme = url.scheme?.lowercased() ?? "https"
        let host = url.host?.lowercased() ?? ""
        let port = url.port.flatMap { ($0 == 443 && scheme == "https") || ($0 == 80 && scheme == "http") ? nil : $0 }
        return "\(scheme)://\(host)" + (port.map { ":\($0)" } ?? "")
    }
}

extension VAPID {
    /// The VAPID key `store` keeps, made and stored on first use (`Reminders.vapidPrivateKey`). Once stored it is
    /// only read: a request for the public key takes no write transaction and makes no key pair.
    package static func stored(in store: Store, subject: String) async throws -> VAPID {
        let stored = try await Reminders.vapidPrivateKey(on: store) {
            Base64URL.encode(P256.Signing.PrivateKey().rawRepresentation)
        }
        guard let raw = Base64URL.decode(stored) else {
            throw StoreError.corruptRow(table: "vapid_keys", column: "private_key", rowID: 1)
        }
        return VAPID(privateKey: try P256.Signing.PrivateKey(rawRepresentation: raw), subject: subject)
    }
}
