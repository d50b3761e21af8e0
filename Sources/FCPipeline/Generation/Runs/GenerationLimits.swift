/// How much generation work an instance takes on, how it shares the database's generations with other instances,
/// and how long finished generations stay readable.
///
/// Generations are rows in the database (`generations`, `generation_events`): every instance on it reads, lists,
/// streams and cancels any of them, and any instance with a runner claims queued ones under a lease.
package struct GenerationLimits: Sendable {
    /// Generations this instance runs at once (`fcgen serve --generations N`); more wait in the queue.
    package var running: Int
    /// Generations waiting at most, over every instance; past it a new one is refused with 429.
    package var queued: Int
    /// How long a finished generation (and its events) stays readable; older ones are deleted when the runner is
    /// idle (``pruneEvery``).
    package var retention: Duration
    /// A runner's lease on a generation it runs: renewed after each stored batch and every third of it meanwhile;
    /// when the instance dies, another takes the generation over this long after its last renewal, at its next
    /// batch.
    package var lease: Duration
    /// How often an idle runner looks for work besides being woken in process: generations accepted by another
    /// instance, and those whose runner's lease expired (the first look is at start).
    package var claimInterval: Duration
    /// How often at most an idle runner deletes the generations past ``retention``.
    package var pruneEvery: Duration
    /// Generations `GET /v1/generations` lists at most, newest first.
    package var listed: Int

    /// How often an event stream on an instance that does not run its generation reads the database for new
    /// events while nothing else tells it of them: on SQLite (a `fcgen-worker` on the same file may run it) and on
    /// PostgreSQL while the instance's listening connection is down. A client sees the progress within it.
    package var eventPoll: Duration
    /// The same while this instance listens for the database's notifications (PostgreSQL `LISTEN/NOTIFY` on
    /// ``FCStore/Store/generationChannel``), which wake the streams at once: only a slow fallback then.
    package var notifiedEventPoll: Duration

    package init(
        running: Int = 2, queued: Int = 100, retention: Duration = .seconds(7 * 86_400), lease: Duration = .seconds(60),
        claimInterval: Duration = .seconds(5), pruneEvery: Duration = .seconds(3_600), listed: Int = 100,
        eventPoll: Duration = .milliseconds(500), notifiedEventPoll: Duration = .seconds(15)
    ) {
        self.running = max(1, running)
        self.queued = max(0, queued)
        self.retention = retention
        self.lease = max(lease, .seconds(1))
        self.claimInterval = max(claimInterval, .milliseconds(10))
        self.pruneEvery = pruneEvery
        self.listed = max(1, listed)
        self.eventPoll = max(eventPoll, .milliseconds(10))
        self.notifiedEventPoll = max(notifiedEventPoll, .milliseconds(10))
    }
}
