import Crypto
import FCContract
import Foundation

/// The members of a PushSubscription's JSON (`endpoint`, `keys.p256dh`, `keys.auth`), checked before they are
/// stored: a push service's https URL, an uncompressed P-256 point on the curve, a 16-byte secret.
enum PushSubscriptionInput {
    /// The longest endpoint accepted (real ones are a few hundred characters).
    static let maxEndpoint = 2_000

    static func endpoint(_ body: JSONBody, settings: PushSettings) throws -> String {
        let text = try body.string("endpoint")
        guard text.utf8.count <= maxEndpoint, let url = URLComponents(string: text),
            let scheme = url.scheme?.lowercased(), let host = url.host, !host.isEmpty, url.user == nil,
            url.fragment == nil
        else {
            throw Problem.badRequest("\"endpoint\" must be the push service's absolute URL", field: "endpoint")
        }
        let loopback = ["127.0.0.1", "localhost", "::1", "[::1]"].contains(host.lowercased())
        guard scheme == "https" || (scheme == "http" && loopback && settings.allowsLoopbackHTTP) else {
            throw Problem.badRequest("\"endpoint\" must be an https URL", field: "endpoint")
        }
        return text
    }

    /// `keys.p256dh`: 65 bytes, an uncompressed point on P-256; returned as given (base64url).
    static func key(_ value: JSONValue?, name: String) throws -> String {
        guard case .string(let text) = value ?? .null, text.utf8.count <= 200, let bytes = Base64URL.decode(text),
            bytes.count == 65, bytes.first == 0x04,
            (try? P256.KeyAgreement.PublicKey(x963Representation: bytes)) != nil
        else {
            throw Problem.badRequest(
                "\"\(name)\" must be the browser's P-256 public key (65 bytes, base64url)", field: name)
        }
        return Base64URL.encode(bytes)
    }

    /// `keys.auth`: 16 bytes.
    static func authSecret(_ value: JSONValue?, name: String) throws -> String {
        guard case .string(let text) = value ?? .null, text.utf8.count <= 64, let bytes = Base64URL.decode(text),
            bytes.count == 16
        else {
            throw Problem.badRequest("\"\(name)\" must be the browser's 16-byte auth secret (base64url)", field: name)
        }
        return Base64URL.encode(bytes)
    }
}
