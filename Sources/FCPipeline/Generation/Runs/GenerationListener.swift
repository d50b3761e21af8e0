package import FCStore
package import ServiceLifecycle

/// Who hears the database's generation notifications (``GenerationListener``): the service's registry (its event
/// streams and runner) or `fcgen-worker`'s ``GenerationWork`` (its runner).
package protocol GenerationNotificationTarget: AnyObject, Sendable {
    /// The listening connection is up (again): what was notified while it was down is lost; read everything once.
    func listeningStarted()
    /// The database says generation `id` changed (an event stored, queued, cancelled) on some instance.
    func notified(_ id: String)
    /// The listening connection is lost; it is opened again a second later.
    func listeningStopped()
}

/// Keeps this process listening for the database's generation notifications (PostgreSQL `LISTEN` on
/// ``FCStore/Store/generationChannel``, one connection of its own) and hands them to its target: in `fcgen serve` a
/// notification wakes the instance's streams of that generation and its runner, in `fcgen-worker` its runner. A lost
/// connection is opened again a second later, then the target reads the database once (the catch-up read); meanwhile
/// streams poll every ``GenerationLimits/eventPoll`` and runners look every ``GenerationLimits/claimInterval``.
///
/// On SQLite it only waits for the graceful shutdown: the service wakes streams in process, and the polls cover a
/// `fcgen-worker` on the same file. A service of `fcgen serve`'s group (and of a test's) beside the application, with
/// or without a runner (an API-only instance streams too), and of `fcgen-worker`'s beside its runner.
package struct GenerationListener: Service {
    let target: any GenerationNotificationTarget
    let store: Store
    let events: GenerationRunEventHandler

    package init(target: any GenerationNotificationTarget, store: Store, events: @escaping GenerationRunEventHandler) {
        self.target = target
        self.store = store
        self.events = events
    }

    package func run() async throws {
        let (target, events) = (target, events)
        guard store.notifiesGenerations else {
            try? await gracefulShutdown()
            return
        }
        await cancelWhenGracefulShutdown {
            await store.listenForGenerations { notice in
                switch notice {
                case .listening:
                    events(.listening)
                    target.listeningStarted()
                case .changed(let id):
                    target.notified(id)
                case .lost(let why):
                    target.listeningStopped()
                    events(.listenLost(why))
                }
            }
        }
        target.listeningStopped()
    }
}

extension GenerationWork: GenerationNotificationTarget {
    /// The runner looks for work: a notification may have been missed.
    package func listeningStarted() {
        poke()
    }

    /// A generation was queued, cancelled or stored an event somewhere: the runner looks for work.
    package func notified(_ id: String) {
        poke()
    }

    /// Nothing to do: the runner looks every ``GenerationLimits/claimInterval`` anyway.
    package func listeningStopped() {}
}
