package import FCCore

/// A batch to store: the generation call's facts and the cards the sanitizer kept.
///
/// ```swift
/// let batch = NewBatch(
///     topicID: topic.id, plan: plan, provider: "openai", model: "gpt-4o-mini", promptHash: prompt.hash,
///     outcome: report.outcome, dropped: report.dropped, usage: completion.usage, latencyMilliseconds: 812,
///     cards: report.cards)
/// let stored = try await BatchStorage.store(on: store, batch)  // FCPipeline
/// ```
package struct NewBatch: Sendable, Hashable {
    /// What one more paid request made for the batch cost (its review).
    package struct RequestUsage: Sendable, Hashable {
        package var usage: TokenUsage
        /// `nil` when the model has no price.
        package var costUSD: Double?

        package init(usage: TokenUsage, costUSD: Double?) {
            self.usage = usage
            self.costUSD = costUSD
        }
    }

    package var topicID: Int64
    /// Number, aspect and depth; the number must be new for the topic.
    package var plan: BatchPlan
    package var provider: String
    package var model: String
    package var promptHash: String
    package var outcome: BatchOutcome
    /// Cards the sanitizer dropped, by reason. The store adds its own `duplicateInTopic` skips to it.
    package var dropped: [DropReason: Int]
    /// The generation request's tokens (its usage ledger row, kind `batch`).
    package var usage: TokenUsage
    package var latencyMilliseconds: Int
    /// In deck order; each gets the next position in the topic.
    package var cards: [CardDraft]
    /// What the generation request cost in US dollars (the batch's usage ledger row); `nil` when the model has no
    /// price.
    package var costUSD: Double?
    /// The review pass's request (`--review`), when one was paid for: a ledger row of its own (kind `review`),
    /// counted in the batch row's totals (``totalUsage``, ``totalCostUSD``).
    package var review: RequestUsage?
    /// Pictures for some of ``cards``, by index into it: stored (with their credits) with the cards they belong
    /// to, in the batch's transaction; a picture of a card the store skips as a duplicate is not stored.
    package var pictures: [Int: CardPicture]
    /// Embeddings of questions made for the batch (duplicates by meaning, `embedding_model`): stored with the cards,
    /// in the batch's transaction, with the request's ledger row (kind `embedding`), counted in the batch's totals.
    package var embeddings: BatchEmbeddings?

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
        pictures: [Int: CardPicture] = [:],
        review: RequestUsage? = nil,
        embeddings: BatchEmbeddings? = nil
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
        self.review = review
        self.embeddings = embeddings
    }

    /// The tokens of every request made for the batch (its generation, review and embeddings): `batches.input_tokens`,
    /// `output_tokens` and the stored ``FCCore/BatchRecord/usage``.
    package var totalUsage: TokenUsage {
        [review?.usage, embeddings?.request.usage].compactMap { $0 }.reduce(usage) { $0.adding($1) }
    }

    /// What every request made for the batch cost (`batches.cost_usd`); `nil` when none had a price.
    package var totalCostUSD: Double? {
        let costs = [costUSD, review?.costUSD, embeddings?.request.costUSD].compactMap { $0 }
        return costs.isEmpty ? nil : costs.reduce(0, +)
    }
}
