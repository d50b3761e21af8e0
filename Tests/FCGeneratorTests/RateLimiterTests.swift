import FCTestSupport
import Testing

@testable import FCGenerator

struct RateLimiterTests {
    @Test func spacesRequestsToTheConfiguredRate() async throws {
        let clock = TestClock()
        let limiter = RequestRateLimiter(requestsPerMinute: 60, clock: ElapsedClock(clock))
        // The first request goes at once.
        #expect(try await limiter.acquire() == .zero)
        // The next two queue for the 1 s and 2 s slots.
        let second = Task { try await limiter.acquire() }
        await clock.waitForSleepers(1)
        let third = Task { try await limiter.acquire() }
        await clock.waitForSleepers(2)
        #expect(clock.requestedSleeps == [.seconds(1), .seconds(2)])
        clock.advance(by: .seconds(1))
        #expect(try await second.value == .seconds(1))
        #expect(clock.sleeperCount == 1)
        clock.advance(by: .seconds(1))
        #expect(try await third.value == .seconds(2))
    }

    @Test func unlimitedNeverWaits() async throws {
        let clock = TestClock()
        let limiter = RequestRateLimiter(requestsPerMinute: nil, clock: ElapsedClock(clock))
        for _ in 0..<50 { #expect(try await limiter.acquire() == .zero) }
        #expect(clock.requestedSleeps.isEmpty)
    }

    @Test func pauseHoldsEveryRequestIncludingOnesAlreadyWaiting() async throws {
        let clock = TestClock()
        let limiter = RequestRateLimiter(requestsPerMinute: 60, clock: ElapsedClock(clock))
        _ = try await limiter.acquire()
        let waiting = Task { try await limiter.acquire() }  // holds the 1 s slot
        await clock.waitForSleepers(1)
        await limiter.pause(for: .seconds(5))
        clock.advance(by: .seconds(1))
        // Woken at 1 s, it finds the pause and sleeps again until 5 s.
        await clock.waitForSleepers(1)
        let later = Task { try await limiter.acquire() }
        await clock.waitForSleepers(2)
        clock.advance(by: .seconds(4))
        #expect(try await waiting.value == .seconds(5))
        // Spacing resumes after the pause: the later request gets the slot one interval after 5 s.
        #expect(clock.sleeperCount == 1)
        clock.advance(by: .seconds(1))
        #expect(try await later.value == .seconds(5))  // it arrived at 1 s and went at 6 s
    }

    @Test func cancellingAWaitingRequestEndsItsWait() async {
        let clock = TestClock()
        let limiter = RequestRateLimiter(requestsPerMinute: 1, clock: ElapsedClock(clock))
        _ = try? await limiter.acquire()
        let waiting = Task { try await limiter.acquire() }
        await clock.waitForSleepers(1)
        waiting.cancel()
        await #expect(throws: CancellationError.self) { try await waiting.value }
    }
}
