import FCPipeline
import Synchronization

/// The registry's side of the database's notifications (PostgreSQL `LISTEN/NOTIFY`, ``GenerationListener``): which
/// streams and runner they wake, the catch-up read when the listening connection is (back) up, and the event poll's
/// interval that follows from whether it is.
extension GenerationRegistry {
    /// How often a stream of a generation another instance runs reads the database now.
    var pollInterval: Duration {
        state.withLock { $0.listening } ? limits.notifiedEventPoll : limits.eventPoll
    }

    /// Whether this instance listens for the database's notifications now.
    package var isListening: Bool { state.withLock { $0.listening } }

    /// Returns once this instance listens for the database's notifications (at once if it does).
    package func waitUntilListening() async {
        await withCheckedContinuation { continuation in
            let now = state.withLock { state in
                if state.listening { return true }
                state.listeningWaiters.append(continuation)
                return false
            }
            if now { continuation.resume() }
        }
    }

    /// The listening connection is up (again): what was notified while it was down is lost, so every stream reads
    /// the database once and the runner looks for work (the catch-up read).
    package func listeningStarted() {
        let (followers, waiters) = state.withLock { state in
            state.listening = true
            defer { state.listeningWaiters = [] }
            return (state.followers.values.flatMap(\.values), state.listeningWaiters)
        }
        for waiter in waiters { waiter.resume() }
        for follower in followers { follower.yield() }
        work.poke()
    }

    /// The listening connection is lost: the streams read the database every ``GenerationLimits/eventPoll`` again
    /// until it is back.
    package func listeningStopped() {
        let followers = state.withLock { state in
            state.listening = false
            return state.followers.values.flatMap(\.values)
        }
        // Each reads once now, and its next wait is the short one.
        for follower in followers { follower.yield() }
    }

    /// The database says generation `id` changed (an event stored, queued, cancelled) on some instance: wakes this
    /// instance's streams of it and the runner.
    package func notified(_ id: String) {
        signal(id)
        work.poke()
    }
}
