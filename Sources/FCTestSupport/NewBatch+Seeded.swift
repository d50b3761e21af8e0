package import FCCore
package import FCStore

extension NewBatch {
    /// A batch of hand-made cards, as a seed for tests and benchmarks: no provider, no cost, batch 1 of `label`.
    ///
    /// ```swift
    /// let drafts = (1...3).map { CardDraft(question: "Q\($0)?", answer: "A\($0)", origin: .manual) }
    /// let stored = try await BatchStorage.store(on: store, .seeded(topicID: topic.id, label: "test", cards: drafts))
    /// ```
    package static func seeded(topicID: Int64, label: String, cards: [CardDraft]) -> NewBatch {
        NewBatch(
            topicID: topicID, plan: BatchPlan(number: 1, aspect: label, depth: .intermediate),
            provider: label, model: label, promptHash: label, outcome: .strict, dropped: [:],
            usage: TokenUsage(input: 0, output: 0), latencyMilliseconds: 0, cards: cards)
    }
}
