/// An injected `any Clock<Duration>` seen as "time elapsed since we started" plus "sleep".
///
/// Working with `any Clock<Duration>` directly is awkward because its `Instant` is an associated type; opening the
/// existential once here lets the limiter and the retry loop do plain `Duration` arithmetic. All waiting in
/// FCGenerator goes through this, so tests control time with a manual clock.
package struct ElapsedClock: Sendable {
    /// Time since this value was made, according to the clock.
    package let now: @Sendable () -> Duration
    /// Sleeps until `now()` reaches the given elapsed time.
    package let sleepUntil: @Sendable (Duration) async throws -> Void

    package init(_ clock: any Clock<Duration>) {
        self.init(opening: clock)
    }

    private init<C: Clock<Duration>>(opening clock: C) {
        let origin = clock.now
        now = { origin.duration(to: clock.now) }
        sleepUntil = { elapsed in try await clock.sleep(until: origin.advanced(by: elapsed), tolerance: nil) }
    }

    /// Sleeps for `duration` from now.
    package func sleep(for duration: Duration) async throws {
        try await sleepUntil(now() + duration)
    }
}
