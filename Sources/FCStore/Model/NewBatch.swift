package import FCCore

/// A batch to store: the generation call's facts and the cards the sanitizer kept.
///
/// ```swift
/// let batch = NewBatch(
///     topicID: topic.id, plan: plan, provider: "openai", model: "gpt-4o-mini", promptHash: prompt.hash,
///     outcome: report.outcome, dropped: report.dropped, usage: completion.usage, latencyMilliseconds: 812,
///     cards: report.cards)
/// let stored = try await store.storeBatch(batch)
/// ```
package struct NewBatch: Sendable, Hashable {
    package var topicID: Int64
    /// Number, aspect and depth; the number must be new for the topic.
    package var plan: BatchPlan
    package var provider: String
    package var model: String
    package var promptHash: String
    package var outcome: BatchOutcome
    /// Cards the sanitizer dropped, by reason. The store adds its own `duplicateInTopic` skips to it.
    package var dropped: [DropReason: Int]
    package var usage: TokenUsage
    package var latencyMilliseconds: Int
    /// In deck order; each gets the next position in the topic.
    package var cards: [CardDraft]
    /// What the request cost in US dollars (`batches.cost_usd` and the batch's usage ledger row); `nil` when the
    /// model has no price.
    package var costUSD: Double?
    /// Pictures for some of ``cards``, by index into it: stored (with their credits) with the cards they belong
    /// to, in the batch's transaction; a picture of a card the store skips as a duplicate is not stored.
    package var pictures: [Int: CardPicture]

    package init(
        topicID: Int64,
        plan: BatchPlan,
        provider: String,
        model: String,
        promptHash: String,
        outcome: BatchOutcome,
        dropped: [DropReason: Int] = [:],
        usage: TokenUsage = .none,
        latencyMilliseconds: Int = 0,
        cards: [CardDraft],
        costUSD: Double? = nil,
        pictures: [Int: CardPicture] = [:]
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
        self.pictures = pictures
        self.costUSD = costUSD
    }
}
