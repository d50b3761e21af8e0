package import FCCore
import Foundation
import Synchronization

/// Per-token (and per sign-in session) token buckets (``RateLimit``), on an injected clock so tests control time.
package final class RateLimiter: Sendable {
    private let limit: RateLimit
    private let now: Now
    private let buckets = Mutex<[Caller: TokenBucket]>([:])

    /// Whose budget: a token's, or a sign-in session's (each session has one, as each token does).
    private enum Caller: Hashable {
        case token(Int64)
        case session(Int64)
    }

    package init(limit: RateLimit, now: Now) {
        self.limit = limit
        self.now = now
    }

    /// Takes one request from the token's bucket: `nil` when allowed, else the whole seconds until one is.
    package func take(tokenID: Int64) -> Int? {
        take(.token(tokenID))
    }

    /// Takes one request from the sign-in session's bucket, as ``take(tokenID:)``.
    package func take(sessionID: Int64) -> Int? {
        take(.session(sessionID))
    }

    private func take(_ caller: Caller) -> Int? {
        let time = now()
        return buckets.withLock { buckets in
            var bucket = buckets[caller] ?? TokenBucket(full: limit, at: time)
            bucket.refill(to: time, limit: limit)
            defer { buckets[caller] = bucket }
            guard bucket.hasToken else { return bucket.secondsUntilToken(limit: limit) }
            bucket.tokens -= 1
            return nil
        }
    }
}
