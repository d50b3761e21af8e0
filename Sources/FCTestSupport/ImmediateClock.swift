import Synchronization

/// A clock whose sleeps return at once while its time jumps ahead by what they asked for.
///
/// Handy for retry tests over the loopback server: backoffs and `Retry-After` waits cost no real time, and
/// ``sleeps`` tells the test exactly which delays were requested.
///
/// ```swift
/// let clock = ImmediateClock()
/// try await clock.sleep(for: .seconds(2))
/// clock.sleeps // [.seconds(2)]
/// ```
package final class ImmediateClock: Clock, Sendable {
    package typealias Instant = TestClock.Instant

    private struct State {
        var now = Instant()
        var sleeps: [Duration] = []
    }

    private let state = Mutex(State())

    package init() {}

    package var now: Instant { state.withLock { $0.now } }
    package var minimumResolution: Duration { .zero }

    /// Every requested sleep (deadline minus the time at the call, never negative), in call order.
    package var sleeps: [Duration] { state.withLock { $0.sleeps } }

    package func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        try Task.checkCancellation()
        state.withLock { state in
            state.sleeps.append(max(.zero, state.now.duration(to: deadline)))
            state.now = max(state.now, deadline)
        }
        await Task.yield()
    }
}
