/// Spaces one provider's requests to at most `requestsPerMinute`, and holds all of them while the server has asked
/// for a pause.
///
/// Each request reserves the next free slot (`interval` after the previous one) and sleeps until it on the injected
/// clock. A `Retry-After` from any request calls ``pause(for:)``, which holds every request through this limiter,
/// including ones already waiting for a slot: after waking they check again and take a new slot if a pause began
/// meanwhile. Time is elapsed time from ``ElapsedClock``.
package actor RequestRateLimiter {
    private let interval: Duration
    private let clock: ElapsedClock
    private var nextSlot: Duration = .zero
    private var pausedUntil: Duration = .zero

    /// - Parameter requestsPerMinute: `nil` or less than 1 = no spacing (pauses still apply).
    package init(requestsPerMinute: Int?, clock: ElapsedClock) {
        if let requestsPerMinute, requestsPerMinute > 0 {
            interval = .seconds(60) / requestsPerMinute
        } else {
            interval = .zero
        }
        self.clock = clock
    }

    /// Waits until this request may go; returns how long it waited.
    /// - Throws: `CancellationError` (or the clock's error) when the task is cancelled while waiting.
    package func acquire() async throws -> Duration {
        var waited = Duration.zero
        while true {
            let now = clock.now()
            let slot = max(now, nextSlot, pausedUntil)
            nextSlot = slot + interval
            if slot <= now { return waited }
            // The actor is re-entrant: other requests reserve later slots while this one sleeps.
            try await clock.sleepUntil(slot)
            waited += slot - now
            if pausedUntil <= clock.now() { return waited }
        }
    }

    /// Holds every request through this limiter until `delay` from now (a pause never shortens an earlier one).
    package func pause(for delay: Duration) {
        pausedUntil = max(pausedUntil, clock.now() + delay)
    }

    /// The elapsed time until which requests are held; for tests.
    package var pauseEnd: Duration { pausedUntil }
}
