package import FCCore
import Foundation
import Synchronization

/// Per-token token buckets (``RateLimit``), on an injected clock so tests control time.
package final class RateLimiter: Sendable {
    private let limit: RateLimit
    private let now: Now
    private let buckets = Mutex<[Int64: TokenBucket]>([:])

    package init(limit: RateLimit, now: Now) {
        self.limit = limit
        self.now = now
    }

    /// Takes one request from the token's bucket: `nil` when allowed, else the whole seconds until one is.
    package func take(tokenID: Int64) -> Int? {
        let time = now()
        return buckets.withLock { buckets in
            var bucket = buckets[tokenID] ?? TokenBucket(full: limit, at: time)
            bucket.refill(to: time, limit: limit)
            defer { buckets[tokenID] = bucket }
            guard bucket.hasToken else { return bucket.secondsUntilToken(limit: limit) }
            bucket.tokens -= 1
            return nil
        }
    }
}
