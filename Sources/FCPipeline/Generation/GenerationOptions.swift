/// How one generation run behaves.
public struct GenerationOptions: Sendable {
    /// Cards the prompt asks for per batch.
    public var cardsPerBatch: Int
    /// Batches whose requests may be in flight at once. Storing stays in batch order regardless.
    public var concurrency: Int
    /// Refuse templated fallback cards (exit 65) instead of storing them.
    public var strict: Bool
    /// How many of the topic's existing questions the prompt lists as "don't repeat these".
    public var avoidListLimit: Int
    /// Send streaming requests where the provider supports them and report each card as it is read (see
    /// `PipelineEvent.cardStreamed`); what is stored is the same either way.
    public var stream: Bool

    public init(
        cardsPerBatch: Int = 15, concurrency: Int = 4, strict: Bool = false, avoidListLimit: Int = 60,
        stream: Bool = false
    ) {
        self.cardsPerBatch = cardsPerBatch
        self.concurrency = max(1, concurrency)
        self.strict = strict
        self.avoidListLimit = avoidListLimit
        self.stream = stream
    }
}
