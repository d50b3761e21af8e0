/// Problem codes only the HTTP service has; every other failure uses the CLI's ``FCContract/ErrorCode``.
package enum ServiceCode: String, Sendable, CaseIterable {
    /// The request itself is wrong: malformed JSON, a wrong type, an unknown field, a bad query parameter.
    case badRequest = "bad_request"
    /// No bearer token, or one that is unknown, expired or revoked.
    case unauthorized
    /// A learner token on an admin route.
    case forbidden
    /// No route with that method.
    case methodNotAllowed = "method_not_allowed"
    /// The body is larger than `--max-body`.
    case payloadTooLarge = "payload_too_large"
    /// The body is not `application/json`.
    case unsupportedMediaType = "unsupported_media_type"
    /// The token's request budget is spent; `Retry-After` says when to come back.
    case rateLimited = "rate_limited"
    /// The database is unreachable or its schema is not current.
    case notReady = "not_ready"
    /// The request's head did not arrive within `--header-timeout`; the connection is closed.
    case requestTimeout = "request_timeout"
    /// The request line or header fields are over the server's limits.
    case headersTooLarge = "headers_too_large"
    /// The server holds as many connections (`--max-connections`) or event streams (`--max-streams`) as it
    /// takes; `Retry-After` says when to try again.
    case busy
    /// A state-changing request authenticated by the session cookie did not show it came from this server's
    /// pages (``CrossOriginCheck``); also sign-up and sign-in from another site.
    case crossOrigin = "cross_origin"
    /// Sign-up is closed on this server (`fcgen serve --signup closed`), or the invite is unknown, used or
    /// expired.
    case signUpRefused = "signup_refused"
    /// The password reset code is unknown, used already, replaced by a newer one or expired (one answer for all
    /// four, so codes cannot be probed).
    case resetRefused = "reset_refused"

    /// The HTTP status.
    package var status: Int {
        switch self {
        case .badRequest: 400
        case .unauthorized: 401
        case .forbidden: 403
        case .methodNotAllowed: 405
        case .payloadTooLarge: 413
        case .unsupportedMediaType: 415
        case .rateLimited: 429
        case .notReady: 503
        case .requestTimeout: 408
        case .headersTooLarge: 431
        case .busy: 503
        case .crossOrigin, .signUpRefused, .resetRefused: 403
        }
    }

    /// The fixed summary (RFC 9457 `title`).
    package var title: String {
        switch self {
        case .badRequest: "Bad request"
        case .unauthorized: "Authentication required"
        case .forbidden: "Not allowed with this token"
        case .methodNotAllowed: "Method not allowed"
        case .payloadTooLarge: "Request body too large"
        case .unsupportedMediaType: "Unsupported media type"
        case .rateLimited: "Too many requests"
        case .notReady: "Not ready"
        case .requestTimeout: "Request timeout"
        case .headersTooLarge: "Request header fields too large"
        case .busy: "Server busy"
        case .crossOrigin: "Cross-origin request refused"
        case .signUpRefused: "Sign-up refused"
        case .resetRefused: "Password reset refused"
        }
    }
}
