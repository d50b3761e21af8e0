/// How much generation work the server takes on and how long it remembers finished generations.
///
/// Generations live in the server's memory only: a restart forgets them (the batches they stored stay, each one
/// transaction), so the memory is bounded by these limits rather than by a table.
package struct GenerationLimits: Sendable {
    /// Generations running at once (`fcgen serve --generations N`); more wait in the queue.
    package var running: Int
    /// Generations waiting at most; past it a new one is refused with 429.
    package var queued: Int
    /// Finished generations kept for polling and replay; the oldest are forgotten first.
    package var keepFinished: Int
    /// How long a finished generation stays readable.
    package var retention: Duration

    package init(running: Int = 2, queued: Int = 100, keepFinished: Int = 50, retention: Duration = .seconds(900)) {
        self.running = max(1, running)
        self.queued = max(0, queued)
        self.keepFinished = max(1, keepFinished)
        self.retention = retention
    }
}
