public import FCCore
package import FCGenerator

/// How a refill worker runs its jobs.
public struct RefillOptions: Sendable {
    /// The lease owner written on claimed jobs, e.g. `host:pid`. Must differ between concurrent workers.
    public var workerID: String
    /// Jobs in flight at once (across topics). The provider's rate limiter still spaces their requests.
    public var concurrency: Int
    /// How long a claim holds a job. The worker renews it every third of this while the request is in flight;
    /// if the worker dies, another may take the job over once it expires.
    public var lease: Duration
    /// Attempts a new job gets before it is dead.
    public var maxAttempts: Int
    /// The delay before a failed job runs again, by attempts used (exponential with jitter).
    package var backoff: RetryPolicy
    /// Cards per batch for a job whose topic has lost its policy meanwhile.
    public var defaultBatchSize: Int
    /// How many of the topic's existing questions the prompt lists as "don't repeat these".
    public var avoidListLimit: Int
    /// Whether a round keeps enqueueing as its jobs finish, until no topic is due (or a stop).
    ///
    /// Off (the default), a round gives each due topic one batch and ends with its slowest job, so a topic far
    /// below its threshold gains one batch per round, and rounds run back to back leave slots idle while the last
    /// wave finishes. On, a slot freed by a job that stored cards takes the next due job at once (its own topic's
    /// next batch included), and a topic gets every batch it needs in one round. Jobs whose batch stored no cards
    /// do not re-open the queue, so a round always ends.
    public var topUp: Bool
    /// The most all jobs together may spend per UTC day, in US dollars (`daily_budget`); `nil` for no limit. Each
    /// topic's own daily budget applies as well.
    public var dailyBudget: Double?
    /// The card kinds refill batches ask for (the `card_kinds` setting).
    public var cardKinds: GeneratedKinds = .standard
    /// Whether refill batches go through the review pass before they are stored (the `review` setting).
    public var review = false
    /// How many times a refill batch whose reply salvaged no card is asked again before it falls back
    /// (``GenerationOptions/fallbackRetries``; the `fallback_retries` setting).
    public var fallbackRetries = 0

    package init(
        workerID: String,
        concurrency: Int = 4,
        lease: Duration = .seconds(300),
        maxAttempts: Int = 5,
        backoff: RetryPolicy = RetryPolicy(baseDelay: .seconds(60), maxDelay: .seconds(3600), jitter: .equal),
        defaultBatchSize: Int = 15,
        avoidListLimit: Int = 60,
        topUp: Bool = false,
        dailyBudget: Double? = nil
    ) {
        self.workerID = workerID
        self.concurrency = max(1, concurrency)
        self.lease = max(lease, .seconds(1))
        self.maxAttempts = max(1, maxAttempts)
        self.backoff = backoff
        self.defaultBatchSize = max(1, defaultBatchSize)
        self.avoidListLimit = avoidListLimit
        self.topUp = topUp
        self.dailyBudget = dailyBudget
    }
}
