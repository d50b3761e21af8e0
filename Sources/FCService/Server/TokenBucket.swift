package import Foundation

/// One token bucket (``RateLimit``): how many tokens it held when last touched, and when that was.
///
/// A bucket refills continuously at `perSecond` up to `burst`; an action that costs one token is allowed while a
/// whole token is left. Kept as a value so a limiter stores one per key under its own lock.
package struct TokenBucket: Sendable, Hashable {
    /// Tokens left at ``at``; may be below 0 when a limiter lets debt build (``SignInFailureLimiter``).
    package var tokens: Double
    package var at: Date

    /// A full bucket at `time`: what a key never seen before starts with.
    package init(full limit: RateLimit, at time: Date) {
        tokens = limit.burst
        at = time
    }

    /// Adds what `limit` refilled between ``at`` and `time` (never beyond the burst) and moves ``at`` to `time`. A
    /// clock that went back refills nothing.
    package mutating func refill(to time: Date, limit: RateLimit) {
        let elapsed = max(0, time.timeIntervalSince(at))
        tokens = min(limit.burst, tokens + elapsed * limit.perSecond)
        at = max(at, time)
    }

    /// Whether a whole token is left.
    package var hasToken: Bool { tokens >= 1 }

    /// The whole seconds (at least 1) until a whole token is back.
    package func secondsUntilToken(limit: RateLimit) -> Int {
        let wait = (1 - tokens) / max(limit.perSecond, 0.000_001)
        return max(1, Int(min(wait, Double(Int32.max)).rounded(.up)))
    }

    /// Whether the bucket is full again at `time`: then it holds nothing a fresh bucket would not, and a limiter
    /// may forget it.
    package func isFull(at time: Date, limit: RateLimit) -> Bool {
        var refilled = self
        refilled.refill(to: time, limit: limit)
        return refilled.tokens >= limit.burst
    }
}
