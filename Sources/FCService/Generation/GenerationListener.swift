import FCStore
package import Logging
package import ServiceLifecycle

/// Keeps this instance listening for the database's generation notifications (PostgreSQL `LISTEN` on
/// ``FCStore/Store/generationChannel``, one connection of its own) and hands them to the registry: a notification wakes
/// this instance's streams of that generation and its runner (``GenerationRegistry/notified(_:)``). A lost connection
/// is opened again a second later, then every stream reads the database once and the runner looks for work (the
/// catch-up read, ``GenerationRegistry/listeningStarted()``); meanwhile streams poll every
/// ``GenerationLimits/eventPoll``.
///
/// On SQLite, which one instance serves, it only waits for the graceful shutdown: the registry wakes streams in
/// process, and the poll covers a `fcgen-worker` on the same file. A service of `fcgen serve`'s group (and of a test's)
/// beside the application, with or without a runner: an API-only instance streams too.
package struct GenerationListener: Service {
    let registry: GenerationRegistry
    let logger: Logger

    package init(registry: GenerationRegistry, logger: Logger) {
        self.registry = registry
        self.logger = logger
    }

    package func run() async throws {
        let (registry, logger) = (registry, logger)
        guard registry.store.notifiesGenerations else {
            try? await gracefulShutdown()
            return
        }
        await cancelWhenGracefulShutdown {
            await registry.store.listenForGenerations { notice in
                switch notice {
                case .listening:
                    logger.info(
                        "listening for generation notifications", metadata: ["event": "generation_listen_started"])
                    registry.listeningStarted()
                case .changed(let id):
                    registry.notified(id)
                case .lost(let why):
                    registry.listeningStopped()
                    logger.warning(
                        "listening for generation notifications stopped: \(why); retrying",
                        metadata: ["event": "generation_listen_lost"])
                }
            }
        }
        registry.listeningStopped()
    }
}
