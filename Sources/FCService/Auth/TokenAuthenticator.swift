package import FCCore
package import FCStore
package import Hummingbird

/// Lets a request on a `/v1` route in only with a usable bearer token, and within the token's rate limit.
///
/// The token is hashed and looked up; it is never logged or echoed (a wrong token's problem says only that it is
/// unknown, expired or revoked). The identity it establishes is the only source of "who is calling". The scheme
/// is read case-insensitively (``BearerCredentials``). Failed attempts are limited per client address
/// (``SignInFailureLimiter``): once an address has used up its budget, its requests are `429` before any token is
/// looked up.
package struct TokenAuthenticator: RouterMiddleware {
    package typealias Context = ServiceRequestContext
    let store: Store
    let limiter: RateLimiter
    let failures: SignInFailureLimiter
    let now: Now

    package init(store: Store, limiter: RateLimiter, failures: SignInFailureLimiter, now: Now) {
        self.store = store
        self.limiter = limiter
        self.failures = failures
        self.now = now
    }

    package func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        guard let secret = BearerCredentials.token(in: request.headers) else {
            throw Problem.unauthorized("a bearer token is required (Authorization: Bearer fcg_…)")
        }
        let address = ClientAddress(context.remoteAddress)
        if let wait = failures.retryAfter(for: address) {
            var problem = Problem(
                .rateLimited, detail: "too many failed sign-in attempts from this address; retry in \(wait) s")
            problem.headers[.retryAfter] = String(wait)
            throw problem
        }
        guard let token = try await store.apiToken(hash: TokenCodec.hash(secret)), token.isUsable(at: now()) else {
            failures.recordFailure(from: address)
            throw Problem.unauthorized("the bearer token is unknown, expired or revoked")
        }
        if let wait = limiter.take(tokenID: token.id) {
            var problem = Problem(.rateLimited, detail: "this token's request budget is spent; retry in \(wait) s")
            problem.headers[.retryAfter] = String(wait)
            throw problem
        }
        var context = context
        context.identity = Identity(
            tokenID: token.id, userID: token.userID, userName: token.userName, isAdmin: token.isAdmin,
            timeZone: token.userTimeZone)
        context.facts.userID = token.userID
        return try await next(request, context)
    }
}
