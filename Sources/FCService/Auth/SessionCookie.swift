import FCPipeline
package import Foundation
package import Hummingbird

/// The web app's sign-in session cookie: `fcgen_session`, a random id of 32 bytes (base64url), `HttpOnly` (no
/// script reads it), `SameSite=Lax` (no cross-site `POST` carries it), `Path=/`, and `Secure` when learners reach
/// the server over https (``PublicURL``). The store keeps only the id's SHA-256.
///
/// hummingbird-auth's `SessionMiddleware`/`SessionStorage` (2.5.0) are not used: they store the session under
/// its clear id (the key `hbs.<id>` of a `PersistDriver`), so a copy of the database would sign anyone in; they
/// keep no index of a learner's sessions for "sign out everywhere"; and they write cookies on `Date.now`, not the
/// service's injected clock. The cookie is Hummingbird's own `Cookie`.
package enum SessionCookie {
    /// The cookie's name.
    package static let name = "fcgen_session"

    /// A new session id from `generator` (the system's cryptographic generator in production).
    package static func newID(using generator: inout some RandomNumberGenerator) -> String {
        Base64URL.random(bytes: 32, using: &generator)
    }

    /// The stored form: SHA-256 of the id's UTF-8, lowercase hex.
    package static func hash(_ id: String) -> String {
        SHA256Hex.of(id)
    }

    /// The session id the request's cookie holds, if any (a value no id could be is no id: it is not looked up).
    package static func id(in request: Request) -> String? {
        guard let value = request.cookies[name]?.value, (20...100).contains(value.utf8.count) else { return nil }
        return String(value)
    }

    /// The `Set-Cookie` value that hands `id` to the browser until `expiresAt`.
    package static func setting(_ id: String, expiresAt: Date, now: Date, secure: Bool) -> String {
        Cookie(
            name: name, value: id, expires: expiresAt, maxAge: max(Int(expiresAt.timeIntervalSince(now)), 0),
            path: "/", secure: secure, httpOnly: true, sameSite: .lax
        ).description
    }

    /// The `Set-Cookie` value that makes the browser forget the cookie.
    package static func clearing(secure: Bool) -> String {
        Cookie(
            name: name, value: "", expires: Date(timeIntervalSince1970: 0), maxAge: 0, path: "/", secure: secure,
            httpOnly: true, sameSite: .lax
        ).description
    }
}
