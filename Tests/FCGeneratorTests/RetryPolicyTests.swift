import FCCore
import Testing

@testable import FCGenerator

struct RetryPolicyTests {
    @Test func equalJitterScheduleIsExactForASeed() {
        let policy = RetryPolicy(baseDelay: .seconds(1), maxDelay: .seconds(30), jitter: .equal)
        let random = RandomSource(seed: 42)
        let delays = (1...6).map { policy.backoff(beforeRetry: $0, random: random).wholeMilliseconds }
        // Pinned on 64-bit Linux with SplitMix64(seed: 42); the ceilings are 1, 2, 4, 8, 16, 30 s.
        #expect(delays == [862, 1496, 3150, 7610, 15086, 16967])
    }

    @Test func equalJitterStaysBetweenHalfAndTheCeiling() {
        let policy = RetryPolicy(baseDelay: .seconds(1), maxDelay: .seconds(10), jitter: .equal)
        let random = RandomSource(seed: 7)
        for retry in 1...8 {
            let ceiling = min(10_000, 1000 << (retry - 1))
            for _ in 0..<20 {
                let delay = policy.backoff(beforeRetry: retry, random: random).wholeMilliseconds
                #expect(delay >= Int64(ceiling / 2) && delay <= Int64(ceiling))
            }
        }
    }

    @Test func fullJitterIsExactForASeedAndBelowTheCeiling() {
        let policy = RetryPolicy(baseDelay: .milliseconds(500), maxDelay: .seconds(4), jitter: .full)
        let random = RandomSource(seed: 1)
        let delays = (1...5).map { policy.backoff(beforeRetry: $0, random: random).wholeMilliseconds }
        #expect(delays == [159, 361, 1227, 191, 3416])
        for (index, delay) in delays.enumerated() {
            #expect(delay <= min(4000, 500 << index))
        }
    }

    @Test func noJitterIsTheCappedExponential() {
        let policy = RetryPolicy(baseDelay: .seconds(1), maxDelay: .seconds(30), jitter: .none)
        let random = RandomSource(seed: 0)
        let delays = (1...7).map { policy.backoff(beforeRetry: $0, random: random) }
        #expect(delays == [1, 2, 4, 8, 16, 30, 30].map { Duration.seconds($0) })
        #expect(policy.backoff(beforeRetry: 500, random: random) == .seconds(30))
    }

    @Test func defaultsMatchTheContract() {
        let policy = RetryPolicy()
        #expect(policy.maxAttempts == 4)
        #expect(policy.baseDelay == .seconds(1))
        #expect(policy.maxDelay == .seconds(30))
        #expect(RetryPolicy(maxAttempts: 0).maxAttempts == 1)
    }
}
