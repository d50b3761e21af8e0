/// One source of settings (flags, environment, config file): every field optional, `nil` meaning "not set here".
///
/// Layers are merged with ``overlaying(_:)``; the first layer that sets a field wins, which gives the
/// documented precedence flag > environment > config file > built-in default.
public struct ConfigLayer: Sendable, Equatable {
    public var provider: String?
    public var baseURL: String?
    public var model: String?
    public var apiKeyEnv: String?
    public var cardsPerBatch: Int?
    public var temperature: Double?
    public var maxOutputTokens: Int?
    public var timeoutSeconds: Int?
    public var retries: Int?
    public var backoffBaseSeconds: Double?
    public var backoffMaxSeconds: Double?
    public var requestsPerMinute: Int?
    public var concurrency: Int?
    public var structuredOutput: String?
    public var database: String?
    public var promptsDirectory: String?
    public var fixturesDirectory: String?
    public var avoidListLimit: Int?
    public var imageMaxBytes: Int?
    public var sourceMaxBytes: Int?
    public var stream: Bool?
    public var topicOutline: Bool?
    /// `review`: `fcgen generate` reviews each batch before storing it (`--review`).
    public var review: Bool?
    /// `fallback_retries`: how many times a batch whose reply salvaged no card is asked again before it falls back
    /// to templated cards (0...5, default 1).
    public var fallbackRetries: Int?
    /// `frequency_penalty`: sent to OpenAI-compatible servers when set (-2...2), to make repeats less likely.
    public var frequencyPenalty: Double?
    /// `daily_budget`: the refill worker's overall limit per UTC day, in US dollars.
    public var dailyBudget: Double?
    /// `card_kinds`: the card kinds generation asks for, as `--kinds` takes them (`question,cloze,mcq`).
    public var cardKinds: String?
    /// `image_resolver` (`--images`): where generated cards' pictures come from, `none` or `unsplash`.
    public var imageResolver: String?
    /// `image_search_url`: the Unsplash-compatible API root (default https://api.unsplash.com).
    public var imageSearchURL: String?
    /// `image_timeout_s`: whole seconds for each image search request (default `min(timeout_s, 30)`).
    public var imageTimeoutSeconds: Int?
    /// `embedding_model`: the provider's embedding model for duplicates by meaning (none by default).
    public var embeddingModel: String?
    /// `embedding_threshold`: the cosine at which two questions of one fact count as one card (default 0.85).
    public var embeddingThreshold: Double?
    /// `prices` (file or `FCGEN_PRICES`): per model, US dollars per million tokens.
    public var prices: PriceTable?

    public init() {}

    /// This layer, with fields it leaves unset taken from `lower`.
    public func overlaying(_ lower: ConfigLayer) -> ConfigLayer {
        var merged = self
        merged.provider = provider ?? lower.provider
        merged.baseURL = baseURL ?? lower.baseURL
        merged.model = model ?? lower.model
        merged.apiKeyEnv = apiKeyEnv ?? lower.apiKeyEnv
        merged.cardsPerBatch = cardsPerBatch ?? lower.cardsPerBatch
        merged.temperature = temperature ?? lower.temperature
        merged.maxOutputTokens = maxOutputTokens ?? lower.maxOutputTokens
        merged.timeoutSeconds = timeoutSeconds ?? lower.timeoutSeconds
        merged.retries = retries ?? lower.retries
        merged.backoffBaseSeconds = backoffBaseSeconds ?? lower.backoffBaseSeconds
        merged.backoffMaxSeconds = backoffMaxSeconds ?? lower.backoffMaxSeconds
        merged.requestsPerMinute = requestsPerMinute ?? lower.requestsPerMinute
        merged.concurrency = concurrency ?? lower.concurrency
        merged.structuredOutput = structuredOutput ?? lower.structuredOutput
        merged.database = database ?? lower.database
        merged.promptsDirectory = promptsDirectory ?? lower.promptsDirectory
        merged.fixturesDirectory = fixturesDirectory ?? lower.fixturesDirectory
        merged.avoidListLimit = avoidListLimit ?? lower.avoidListLimit
        merged.imageMaxBytes = imageMaxBytes ?? lower.imageMaxBytes
        merged.sourceMaxBytes = sourceMaxBytes ?? lower.sourceMaxBytes
        merged.stream = stream ?? lower.stream
        merged.topicOutline = topicOutline ?? lower.topicOutline
        merged.review = review ?? lower.review
        merged.fallbackRetries = fallbackRetries ?? lower.fallbackRetries
        merged.frequencyPenalty = frequencyPenalty ?? lower.frequencyPenalty
        merged.dailyBudget = dailyBudget ?? lower.dailyBudget
        merged.cardKinds = cardKinds ?? lower.cardKinds
        merged.imageResolver = imageResolver ?? lower.imageResolver
        merged.imageSearchURL = imageSearchURL ?? lower.imageSearchURL
        merged.imageTimeoutSeconds = imageTimeoutSeconds ?? lower.imageTimeoutSeconds
        merged.embeddingModel = embeddingModel ?? lower.embeddingModel
        merged.embeddingThreshold = embeddingThreshold ?? lower.embeddingThreshold
        // Per model: a model priced here keeps this price, the others keep the lower layer's.
        merged.prices = prices.map { $0.overlaying(lower.prices ?? PriceTable()) } ?? lower.prices
        return merged
    }
}
