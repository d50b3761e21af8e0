package import FCCore

/// What the pipeline asks a provider for: one batch of cards about one topic, or the topic's outline.
package struct GenerationRequest: Sendable {
    package var topic: String
    package var plan: BatchPlan
    /// How many cards the prompt asks for; providers that support it also bound the schema's array by it.
    package var count: Int
    package var prompt: Prompt
    /// What the reply holds, which picks the JSON schema providers send with the request.
    package var reply: ReplyShape
    /// For a batch made from the learner's material (`--from`): the section the prompt quotes.
    package var source: SourceExcerpt?
    /// The card kinds the prompt asks for; providers with a JSON schema allow exactly these `type`s.
    package var kinds: GeneratedKinds

    package init(
        topic: String, plan: BatchPlan, count: Int, prompt: Prompt, reply: ReplyShape = .cards,
        source: SourceExcerpt? = nil, kinds: GeneratedKinds = .standard
    ) {
        self.kinds = kinds
        self.topic = topic
        self.plan = plan
        self.count = count
        self.prompt = prompt
        self.reply = reply
        self.source = source
    }

    /// The request for a topic's outline (``OutlinePrompt``): batch number 0, no cards.
    package static func outline(topic: String, prompt: Prompt) -> GenerationRequest {
        GenerationRequest(
            topic: topic, plan: BatchPlan(number: 0, aspect: "outline", depth: .foundational), count: 0,
            prompt: prompt, reply: .outline)
    }

    /// The simpler request for a topic's subtopics as a plain numbered list (``AspectListPrompt``), sent when the
    /// outline reply was unusable: batch number 0, no cards, no schema.
    package static func aspectList(topic: String, prompt: Prompt) -> GenerationRequest {
        GenerationRequest(
            topic: topic, plan: BatchPlan(number: 0, aspect: "aspect list", depth: .foundational), count: 0,
            prompt: prompt, reply: .list)
    }

    /// The review request of batch `plan` (``PromptTemplates/renderReview(topic:cards:section:)``): `count` cards
    /// to review.
    package static func review(topic: String, plan: BatchPlan, count: Int, prompt: Prompt) -> GenerationRequest {
        GenerationRequest(topic: topic, plan: plan, count: count, prompt: prompt, reply: .review)
    }
}

/// The shape of reply a request asks for.
package enum ReplyShape: String, Sendable, Hashable {
    /// `{"cards": [...]}` (``CardSchema``).
    case cards
    /// `{"subtopics": [...]}` (``OutlineSchema``).
    case outline
    /// `{"reviews": [...]}` (``ReviewSchema``): the review pass's verdicts on a batch's cards.
    case review
    /// Plain text, no schema and no JSON mode: the numbered list of subtopics a small model is asked for when its
    /// outline was unusable (``AspectListPrompt``).
    case list
}

/// The model's raw reply to one request, before the sanitizer looks at it.
package struct Completion: Sendable, Equatable {
    /// The model's text as sent (JSON when structured output worked, anything otherwise).
    package var text: String
    /// The provider said the output was cut at the token limit (`length`, `MAX_TOKENS`, `max_tokens`).
    package var truncated: Bool
    package var usage: TokenUsage
    /// The model the provider says answered (which may differ from the one requested), else the requested one.
    package var model: String

    package init(text: String, truncated: Bool, usage: TokenUsage, model: String) {
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
package protocol LLMProvider: Sendable {
    /// The provider's name as shown in reports and stored with batches: `openai`, `gemini`, `anthropic`, `fixture`.
    var name: String { get }
    /// The model requested.
    var model: String { get }
    /// Sends one generation request, retrying as the provider's policy allows.
    /// - Throws: ``GeneratorError``.
    func complete(_ request: GenerationRequest) async throws -> Completion
    /// Whether ``stream(_:updates:)`` reports the reply while it arrives, not only at the end.
    var streams: Bool { get }
    /// Sends one generation request as a streaming request, reporting the text as it arrives; retries, errors and
    /// the result are those of ``complete(_:)``. A retry, even one after part of the reply arrived, starts with
    /// ``StreamUpdate/attemptStarted`` and sends the whole request again.
    /// - Throws: ``GeneratorError``.
    func stream(_ request: GenerationRequest, updates: @escaping StreamHandler) async throws -> Completion
}

extension LLMProvider {
    package var streams: Bool { false }

    /// For providers that cannot stream: the whole reply as one piece once it is complete.
    package func stream(_ request: GenerationRequest, updates: @escaping StreamHandler) async throws -> Completion {
        updates(.attemptStarted)
        let completion = try await complete(request)
        updates(.text(completion.text))
        return completion
    }
}
