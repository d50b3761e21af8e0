public import FCCore

/// A batch to store: the generation call's facts and the cards the sanitizer kept.
///
/// ```swift
/// let batch = NewBatch(
///     topicID: topic.id, plan: plan, provider: "openai", model: "gpt-4o-mini", promptHash: prompt.hash,
///     outcome: report.outcome, dropped: report.dropped, usage: completion.usage, latencyMilliseconds: 812,
///     cards: report.cards)
/// let stored = try await store.storeBatch(batch)
/// ```
public struct NewBatch: Sendable, Hashable {
    public var topicID: Int64
    /// Number, aspect and depth; the number must be new for the topic.
    public var plan: BatchPlan
    public var provider: String
    public var model: String
    public var promptHash: String
    public var outcome: BatchOutcome
    /// Cards the sanitizer dropped, by reason. The store adds its own `duplicateInTopic` skips to it.
    public var dropped: [DropReason: Int]
    public var usage: TokenUsage
    public var latencyMilliseconds: Int
    /// In deck order; each gets the next position in the topic.
    public var cards: [CardDraft]

    public init(
        topicID: Int64,
        plan: BatchPlan,
        provider: String,
        model: String,
        promptHash: String,
        outcome: BatchOutcome,
        dropped: [DropReason: Int] = [:],
        usage: TokenUsage = .none,
        latencyMilliseconds: Int = 0,
        cards: [CardDraft]
    ) {
        self.topicID = topicID
        self.plan = plan
        self.provider = provider
        self.model = model
        self.promptHash = promptHash
        self.outcome = outcome
        self.dropped = dropped
        self.usage = usage
        self.latencyMilliseconds = latencyMilliseconds
        self.cards = cards
    }
}
