package import FCCore

/// What `fcgen serve` runs with: where it listens, how much it accepts, how fast a token may call.
package struct ServiceSettings: Sendable {
    /// The address to bind; `127.0.0.1` keeps the service on this machine until an operator means otherwise.
    package var host: String
    /// The port; `0` lets the system pick one (the `listening on` line names it).
    package var port: Int
    /// The largest request body accepted (`--max-body`); larger ones are 413 before they are parsed.
    package var maxBodyBytes: Int
    /// The per-token request budget.
    package var rateLimit: RateLimit
    /// The per-client-address budget of failed sign-in attempts (unknown, expired or revoked bearer tokens):
    /// 20 at once, then 1 a second (`fcgen serve --auth-fail-burst`, `--auth-fail-rate`). Beyond it, requests with
    /// a token from that address are `429` before the token is looked up (``SignInFailureLimiter``).
    package var signInFailureLimit = RateLimit(burst: 20, perSecond: 1)
    /// The per-account budget of failed password sign-ins (and wrong current passwords): 10 at once, then 1 a
    /// minute. Beyond it, sign-ins to that name are `429` before the password is checked (``AccountFailureLimiter``).
    package var accountFailureLimit = RateLimit(burst: 10, perSecond: 1.0 / 60)
    /// Who may make an account (`fcgen serve --signup`): anyone, holders of an invite (the default), or no one.
    package var signUp = SignUpMode.invite
    /// The address learners reach the server at (`fcgen serve --public-url`), when it is known: an `https` one
    /// makes the session cookie `Secure`, and its origin is the one cross-origin checks accept besides the
    /// request's own `Host` (``CrossOriginCheck``).
    package var publicURL: PublicURL?
    /// How long a sign-in session lasts (a new sign-in starts a new one).
    package var sessionLifetime: Duration = .seconds(30 * 86_400)
    /// bcrypt's cost (log2 of its rounds) for new password hashes: 12 by default; tests use 4, the least.
    package var passwordCost: UInt8 = 12
    /// The clock of token expiry, review times and the rate limiter.
    package var now: Now
    /// The largest card picture (the `image_max_bytes` setting, as `card add --image`); larger uploads are 413.
    package var imageMaxBytes = 1 << 20
    /// The largest import body (CSV or Anki text); larger ones are 413. Imports are larger than JSON requests.
    package var importMaxBytes = 16 << 20
    /// How long a generation's event stream may stay quiet before the server writes a `: keep-alive` comment, so
    /// proxies and phones keep the idle connection (`fcgen serve --sse-keepalive`).
    package var sseKeepAlive: Duration = .seconds(15)
    /// Reminders by Web Push: the VAPID subject, and (tests only) loopback http endpoints.
    package var push = PushSettings()
    /// The web app served at `/` (KaTeX's folder).
    package var webApp = WebAppSettings()
    /// How long a request's head may take once its first byte has arrived (`--header-timeout`); a slower one is
    /// answered 408 and its connection closed.
    package var headerTimeout: Duration = .seconds(10)
    /// How long a keep-alive connection may sit with no request before it is closed (`--idle-timeout`).
    package var idleTimeout: Duration = .seconds(60)
    /// Connections open at once (`--max-connections`); one more is answered 503 and closed.
    package var maxConnections = 512
    /// Generation event streams open at once (`--max-streams`); one more is answered 503.
    package var maxEventStreams = 128

    package init(
        host: String = "127.0.0.1", port: Int = 8080, maxBodyBytes: Int = 1 << 20, rateLimit: RateLimit = RateLimit(),
        now: Now = .system
    ) {
        self.host = host
        self.port = port
        self.maxBodyBytes = maxBodyBytes
        self.rateLimit = rateLimit
        self.now = now
    }
}

/// A token bucket: `burst` requests at once, refilled at `perSecond`.
package struct RateLimit: Sendable, Hashable {
    package var burst: Double
    package var perSecond: Double

    package init(burst: Double = 120, perSecond: Double = 20) {
        self.burst = burst
        self.perSecond = perSecond
    }
}
