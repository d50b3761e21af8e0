package import HTTPTypes
package import Hummingbird

/// The CSRF defence of requests a browser authenticates with the session cookie: a state-changing request
/// (anything but `GET`, `HEAD` and `OPTIONS`) must show it comes from a page of this server.
///
/// The scheme is the one of OWASP's CSRF cheat sheet, "Fetch Metadata headers" with "Verifying origin with
/// standard headers" as its fallback (the one Go 1.25's `net/http.CrossOriginProtection` uses):
///
/// 1. `Sec-Fetch-Site` (sent by every current browser, and not settable by a page's script): `same-origin` or
///    `none` (the person typed it) passes; `same-site` and `cross-site` are refused.
/// 2. Without it, `Origin` must name this server: the configured public URL's origin (``PublicURL``), or the
///    request's own `Host` under either scheme (behind a proxy that keeps `Host`).
/// 3. With neither header the request is refused: a browser sends at least one on every such request, and a
///    script without a browser has no reason to use a cookie (it uses a bearer token).
///
/// Requests with a bearer token are not checked: a browser never adds an `Authorization` header on its own, so a
/// page of another site cannot make one that carries the token. `SameSite=Lax` on the cookie is a second line:
/// browsers send it on no cross-site `POST` at all.
///
/// Sign-in and sign-up are checked with `strict: false`: they carry no cookie, but a page of another site could
/// sign a learner in as someone else (login CSRF), so a request a browser marks as cross-site is refused; one
/// with neither header (a script) passes.
package enum CrossOriginCheck {
    /// Throws `403 cross_origin` unless `request` may change state (see ``CrossOriginCheck``).
    package static func verify(_ request: Request, publicURL: PublicURL?, strict: Bool = true) throws {
        switch request.method {
        case .get, .head, .options: return
        default: break
        }
        if let site = request.headers[.secFetchSite]?.lowercased() {
            guard site == "same-origin" || site == "none" else {
                throw refusal("this request came from another site (Sec-Fetch-Site: \(site.prefix(20)))")
            }
            return
        }
        if let origin = request.headers[.origin] {
            guard isOwnOrigin(origin, request: request, publicURL: publicURL) else {
                throw refusal("this request came from another origin than this server's")
            }
            return
        }
        if strict {
            throw refusal(
                "a signed-in browser's request must carry Origin or Sec-Fetch-Site; scripts use a bearer token")
        }
    }

    /// Whether `origin` (an `Origin` header) is the public URL's, or `http(s)://` and the request's `Host`.
    static func isOwnOrigin(_ origin: String, request: Request, publicURL: PublicURL?) -> Bool {
        let origin = origin.lowercased()
        if let publicURL, origin == publicURL.origin { return true }
        guard let host = (request.head.authority ?? request.headers[.host])?.lowercased(), !host.isEmpty else {
            return false
        }
        return origin == "http://\(host)" || origin == "https://\(host)"
    }

    private static func refusal(_ detail: String) -> Problem {
        Problem(.crossOrigin, detail: detail + " (docs/api.md, \"Cross-site requests\")")
    }
}

extension HTTPField.Name {
    /// `Sec-Fetch-Site` (Fetch Metadata): whether the page that made the request is this origin's.
    // swift-format-ignore: NeverForceUnwrap
    static let secFetchSite = HTTPField.Name("Sec-Fetch-Site")!
    /// `Host`, for requests whose authority is not in the request head.
    // swift-format-ignore: NeverForceUnwrap
    static let host = HTTPField.Name("Host")!
}
