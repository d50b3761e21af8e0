package import FCCore
import FCPipeline
package import FCStore
package import Hummingbird

/// Lets a request on a `/v1` route in only with a usable bearer token or sign-in session cookie, and within the
/// token's (or session's) rate limit.
///
/// A bearer token wins when both are sent. The token is hashed and looked up; it is never logged or echoed (a
/// wrong token's problem says only that it is unknown, expired or revoked). The identity it establishes is the
/// only source of "who is calling". The scheme is read case-insensitively (``BearerCredentials``). Failed
/// attempts are limited per client address (``SignInFailureLimiter``): once an address has used up its budget,
/// its requests are `429` before any token is looked up.
///
/// Without a bearer token, the `fcgen_session` cookie (``SessionCookie``) is hashed and looked up the same way;
/// a state-changing request it authenticates must pass ``CrossOriginCheck`` (403 `cross_origin` otherwise). An
/// unknown or expired session is `401`, and the answer tells the browser to forget the cookie.
package struct TokenAuthenticator: RouterMiddleware {
    package typealias Context = ServiceRequestContext
    let store: Store
    let limiter: RateLimiter
    let failures: SignInFailureLimiter
    let now: Now
    let publicURL: PublicURL?

    package init(
        store: Store, limiter: RateLimiter, failures: SignInFailureLimiter, now: Now, publicURL: PublicURL? = nil
    ) {
        self.store = store
        self.limiter = limiter
        self.failures = failures
        self.now = now
        self.publicURL = publicURL
    }

    package func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        guard let secret = BearerCredentials.token(in: request.headers) else {
            return try await session(request, context: context, next: next)
        }
        let address = ClientAddress(context.remoteAddress)
        if let wait = failures.retryAfter(for: address) {
            throw Problem.rateLimited(
                "too many failed sign-in attempts from this address; retry in \(wait) s", retryAfter: wait)
        }
        guard let token = try await APITokens.authenticate(on: store, hash: TokenCodec.hash(secret), at: now()) else {
            failures.recordFailure(from: address)
            throw Problem.unauthorized("the bearer token is unknown, expired or revoked")
        }
        if let wait = limiter.take(tokenID: token.id) {
            throw Problem.rateLimited("this token's request budget is spent; retry in \(wait) s", retryAfter: wait)
        }
        var context = context
        context.identity = Identity(
            tokenID: token.id, userID: token.userID, userName: token.userName, isAdmin: token.isAdmin,
            timeZone: token.userTimeZone)
        context.facts.userID = token.userID
        return try await next(request, context)
    }

    /// The request without a bearer token: its session cookie, or 401.
    private func session(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        guard let id = SessionCookie.id(in: request) else {
            throw Problem.unauthorized("sign in, or send a bearer token (Authorization: Bearer fcg_…)")
        }
        // A session id is 256 random bits: guessing one is hopeless, so a wrong one drains no sign-in budget (a
        // browser whose session ended everywhere would otherwise lock its whole address out).
        guard let session = try await Accounts.session(on: store, hash: SessionCookie.hash(id), at: now()) else {
            var problem = Problem.unauthorized("the sign-in session has ended; sign in again")
            problem.headers[.setCookie] = SessionCookie.clearing(secure: publicURL?.isHTTPS ?? false)
            throw problem
        }
        try CrossOriginCheck.verify(request, publicURL: publicURL)
        if let wait = limiter.take(sessionID: session.id) {
            throw Problem.rateLimited("this session's request budget is spent; retry in \(wait) s", retryAfter: wait)
        }
        var context = context
        context.identity = Identity(
            tokenID: nil, sessionID: session.id, userID: session.userID, userName: session.userName,
            isAdmin: session.isAdmin, timeZone: session.userTimeZone)
        context.facts.userID = session.userID
        return try await next(request, context)
    }
}
