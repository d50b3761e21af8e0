public import FCCore
package import FCStore

/// How one generation run behaves.
public struct GenerationOptions: Sendable {
    /// Cards the prompt asks for per batch.
    public var cardsPerBatch: Int
    /// Batches whose requests may be in flight at once. Storing stays in batch order regardless.
    public var concurrency: Int
    /// Refuse templated fallback cards (exit 65) instead of storing them.
    public var strict: Bool
    /// How many earlier questions a batch's prompt lists as "don't repeat these": the ones nearest to the batch's
    /// step, from the topic's questions and those the run stored so far (see `PromptMemory`).
    public var avoidListLimit: Int
    /// How many of the topic's newest questions the nearest ones are picked from (plus the run's own).
    public var memoryPool: Int
    /// Ask the model for an outline when the topic has no plan yet (setting `topic_outline`). Off by default in
    /// the library, so a caller that scripts replies gets exactly the card requests it scripted; the executables
    /// turn it on from the setting (default on).
    public var outline: Bool
    /// The language cards are written in; `nil` keeps the topic's stored language (or leaves it to the model).
    /// A new value is stored with the topic.
    public var language: LanguageTag?
    /// The card kinds the prompt and the providers' schemas ask for when the run asks for none (``askedKinds``)
    /// and the topic remembers none: the `card_kinds` setting. A run resolves them first
    /// (``resolvingKinds(remembered:)``), so past that point this is what the batches ask for. With `cloze` or
    /// `mcq` among them the sanitizer reads those kinds (``FCCore/GeneratedKinds/includesStructured``).
    public var kinds: GeneratedKinds = .standard
    /// The card kinds this run asks for (`--kinds`): they win over the kinds the topic remembers, and a
    /// generation run stores them with the topic in their place, as it stores ``language``. `nil` asks for the
    /// remembered kinds, else ``kinds``.
    public var askedKinds: GeneratedKinds?
    /// Send streaming requests where the provider supports them and report each card as it is read (see
    /// `PipelineEvent.cardStreamed`); what is stored is the same either way.
    public var stream: Bool
    /// Review each batch before it is stored (`--review`): one more request per batch with flagged cards (every
    /// batch made from a source), whose verdicts rewrite or drop cards (see `Pipeline.review`).
    public var review = false
    /// How many times a batch whose reply salvaged no card (it would be stored as templated fallback cards) is asked
    /// again before it falls back (setting `fallback_retries`, 0...5). Each discarded reply is paid for: it has a
    /// usage ledger row of its own (kind `unstored`) and is admitted by ``budget`` like any request. 0 in the library,
    /// so a caller that scripts replies gets exactly the requests it scripted; the executables set it from the
    /// setting (default 1).
    public var fallbackRetries = 0
    /// Checked before every request (`--max-cost`, the worker's daily budgets); `nil` for no limit.
    package var budget: (any RequestBudget)?
    /// Runs inside each stored batch's transaction, after the batch and its cards are written (the service records
    /// its generation's progress and event there, so a batch is never stored without them); what it throws rolls
    /// the batch back and ends the run. `nil` for nothing more.
    package var onBatchStored: (@Sendable (borrowing Database, StoredBatch) async throws -> Void)?

    public init(
        cardsPerBatch: Int = 15, concurrency: Int = 4, strict: Bool = false, avoidListLimit: Int = 20,
        stream: Bool = false, outline: Bool = false, language: LanguageTag? = nil, memoryPool: Int = 1000
    ) {
        self.outline = outline
        self.language = language
        self.memoryPool = max(0, memoryPool)
        self.cardsPerBatch = cardsPerBatch
        self.concurrency = max(1, concurrency)
        self.strict = strict
        self.avoidListLimit = avoidListLimit
        self.stream = stream
    }

    /// These options with ``kinds`` set to what the run asks for: ``askedKinds``, else the kinds the topic
    /// remembers (`remembered`), else the `card_kinds` setting already in ``kinds``.
    package func resolvingKinds(remembered: GeneratedKinds?) -> GenerationOptions {
        var resolved = self
        resolved.kinds = askedKinds ?? remembered ?? kinds
        return resolved
    }
}
