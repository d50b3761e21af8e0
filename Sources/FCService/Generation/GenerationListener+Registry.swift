import FCContract
package import FCPipeline
package import Logging

extension GenerationRegistry: GenerationNotificationTarget {}

extension GenerationListener {
    /// The listener of `fcgen serve` (and of a test's service group): a notification wakes this instance's streams
    /// of that generation and its runner; what it reports goes to `logger`.
    package init(registry: GenerationRegistry, logger: Logger) {
        self.init(target: registry, store: registry.store, events: { logger.log($0) })
    }
}
