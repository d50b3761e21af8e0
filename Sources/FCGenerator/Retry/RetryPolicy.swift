package import FCCore

/// How often and how patiently a provider retries a failed request.
///
/// Retried: timeouts, connection errors, HTTP 408, 409, 429 and 5xx, and once a successful status whose body is
/// unreadable. Not retried: other 4xx. The delay before retry *n* (1 = after the first failure) is
/// `min(maxDelay, baseDelay · 2ⁿ⁻¹)` with jitter applied, or the server's `Retry-After` capped at `maxRetryAfter`.
package struct RetryPolicy: Sendable, Equatable {
    /// How the exponential delay is randomised so that many clients don't retry in lockstep.
    /// See https://aws.amazon.com/blogs/architecture/exponential-backoff-and-jitter/
    package enum Jitter: String, Sendable, Codable, CaseIterable {
        /// A uniform delay in `0 ..< ceiling`.
        case full
        /// Half the ceiling plus a uniform part of the other half: never retries at once.
        case equal
        /// Exactly the ceiling.
        case none
    }

    /// Attempts in all, the first included (1 = never retry).
    package var maxAttempts: Int
    package var baseDelay: Duration
    /// The most the exponential delay grows to.
    package var maxDelay: Duration
    package var jitter: Jitter
    /// The longest `Retry-After` honoured; a server asking for more gets this.
    package var maxRetryAfter: Duration

    package init(
        maxAttempts: Int = 4,
        baseDelay: Duration = .seconds(1),
        maxDelay: Duration = .seconds(30),
        jitter: Jitter = .equal,
        maxRetryAfter: Duration = .seconds(60)
    ) {
        self.maxAttempts = max(1, maxAttempts)
        self.baseDelay = baseDelay
        self.maxDelay = maxDelay
        self.jitter = jitter
        self.maxRetryAfter = maxRetryAfter
    }

    /// The delay before retry number `retry` (1 = the retry after the first failure), in whole milliseconds.
    ///
    /// Draws one `Double` from `random` for `.full` and `.equal` jitter, none for `.none`.
    package func backoff(beforeRetry retry: Int, random: RandomSource) -> Duration {
        let base = max(0, baseDelay.secondsDouble)
        let exponent = Double(min(max(retry, 1) - 1, 62))
        let ceiling = min(max(0, maxDelay.secondsDouble), base * pow2(exponent))
        let seconds: Double
        switch jitter {
        case .full: seconds = ceiling * random.double(in: 0..<1)
        case .equal: seconds = ceiling / 2 + ceiling / 2 * random.double(in: 0..<1)
        case .none: seconds = ceiling
        }
        return .milliseconds(Int64((seconds * 1000).rounded()))
    }

    private func pow2(_ exponent: Double) -> Double {
        var result = 1.0
        var remaining = Int(exponent)
        while remaining > 0 {
            result *= 2
            remaining -= 1
        }
        return result
    }
}

extension Duration {
    package var secondsDouble: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}
