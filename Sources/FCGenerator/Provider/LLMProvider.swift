public import FCCore

/// What the pipeline asks a provider for: one batch of cards about one topic.
public struct GenerationRequest: Sendable {
    public var topic: String
    public var plan: BatchPlan
    /// How many cards the prompt asks for; providers that support it also bound the schema's array by it.
    public var count: Int
    public var prompt: Prompt

    public init(topic: String, plan: BatchPlan, count: Int, prompt: Prompt) {
        self.topic = topic
        self.plan = plan
        self.count = count
        self.prompt = prompt
    }
}

/// The model's raw reply to one request, before the sanitizer looks at it.
public struct Completion: Sendable, Equatable {
    /// The model's text as sent (JSON when structured output worked, anything otherwise).
    public var text: String
    /// The provider said the output was cut at the token limit (`length`, `MAX_TOKENS`, `max_tokens`).
    public var truncated: Bool
    public var usage: TokenUsage
    /// The model the provider says answered (which may differ from the one requested), else the requested one.
    public var model: String

    public init(text: String, truncated: Bool, usage: TokenUsage, model: String) {
        self.text = text
        self.truncated = truncated
        self.usage = usage
        self.model = model
    }
}

/// A source of completions: an LLM API behind retries and rate limits, or the offline fixtures.
///
/// Implementations are safe to call from many batches at once.
///
/// ```swift
/// let provider = makeProvider(settings, transport: URLSessionTransport(maxConnectionsPerHost: 4),
///                             clock: ContinuousClock(), random: RandomSource(seed: seed), events: { _ in })
/// let completion = try await provider.complete(request)
/// ```
public protocol LLMProvider: Sendable {
    /// The provider's name as shown in reports and stored with batches: `openai`, `gemini`, `anthropic`, `fixture`.
    var name: String { get }
    /// The model requested.
    var model: String { get }
    /// Sends one generation request, retrying as the provider's policy allows.
    /// - Throws: ``GeneratorError``.
    func complete(_ request: GenerationRequest) async throws -> Completion
}
