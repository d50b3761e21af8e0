/// What one refill round did, for the log line and the exit status.
public struct RoundSummary: Sendable, Codable, Equatable {
    /// Jobs created for due topics.
    public var enqueued = 0
    /// Jobs this worker claimed.
    public var claimed = 0
    /// Jobs finished with their batch stored.
    public var done = 0
    /// Jobs that failed and will be retried after a backoff.
    public var retryLater = 0
    /// Jobs that failed for good (out of attempts, or a failure retrying can't fix).
    public var dead = 0
    /// Jobs given back to the queue on shutdown.
    public var released = 0
    /// Jobs whose lease was lost before they could commit.
    public var leaseLost = 0
    /// Failed jobs whose provider was unreachable (connection errors, timeouts, 5xx/429 after all retries).
    public var providerUnreachable = 0
    /// Cards stored by the finished jobs.
    public var cardsStored = 0
    /// Jobs left queued until the next UTC day because a daily budget is spent (skipped, not failed).
    public var deferred = 0

    public init() {}

    /// How the round ended, most urgent first: the executable's exit status.
    public var outcome: RoundOutcome {
        if providerUnreachable > 0 { return .providerUnreachable }
        if dead > 0 { return .failed }
        if retryLater > 0 || released > 0 || leaseLost > 0 { return .retryLater }
        return .succeeded
    }
}

/// The overall result of a round.
public enum RoundOutcome: String, Sendable, Codable {
    /// Every claimed job finished (or there was nothing to do).
    case succeeded
    /// Something will run again later (a failure with backoff, a released or lost job).
    case retryLater
    /// A job is dead: it needs `fcgen jobs retry` after the cause is fixed.
    case failed
    /// The LLM provider could not be reached.
    case providerUnreachable
}
