package import FCCore

/// The embeddings a generation run made for one batch: its cards' questions, and questions of the topic's stored
/// cards that had none for this model when they were compared (made in the same request, kept so that the next
/// batch need not ask again).
package struct BatchEmbeddings: Sendable, Hashable {
    package var model: String
    /// By index into the batch's cards; a card the store skips as a duplicate has its vector dropped with it.
    package var cards: [Int: [Float]]
    /// By dedup key, for cards of the topic already stored.
    package var stored: [String: [Float]]
    /// The embedding request's tokens and cost (its usage ledger row, kind `embedding`).
    package var request: NewBatch.RequestUsage

    package init(model: String, cards: [Int: [Float]], stored: [String: [Float]], request: NewBatch.RequestUsage) {
        self.model = model
        self.cards = cards
        self.stored = stored
        self.request = request
    }
}
