package import FCCore
import Foundation
import Synchronization

/// Per-token token buckets (``RateLimit``), on an injected clock so tests control time.
package final class RateLimiter: Sendable {
    private let limit: RateLimit
    private let now: Now
    private let buckets = Mutex<[Int64: (tokens: Double, at: Date)]>([:])

    package init(limit: RateLimit, now: Now) {
        self.limit = limit
        self.now = now
    }

    /// Takes one request from the token's bucket: `nil` when allowed, else the whole seconds until one is.
    package func take(tokenID: Int64) -> Int? {
        let time = now()
        return buckets.withLock { buckets in
            var bucket = buckets[tokenID] ?? (limit.burst, time)
            let elapsed = max(0, time.timeIntervalSince(bucket.at))
            bucket.tokens = min(limit.burst, bucket.tokens + elapsed * limit.perSecond)
            bucket.at = time
            defer { buckets[tokenID] = bucket }
            guard bucket.tokens >= 1 else {
                let wait = (1 - bucket.tokens) / max(limit.perSecond, 0.000_001)
                return max(1, Int(wait.rounded(.up)))
            }
            bucket.tokens -= 1
            return nil
        }
    }
}
