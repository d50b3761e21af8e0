package import FCCore

/// What storing a batch (FCPipeline's `BatchStorage`) wrote: the batch row and the cards that were new to the topic.
package struct StoredBatch: Sendable, Hashable {
    /// The stored batch; `cardsKept` and `dropped` include the duplicates the store skipped.
    package var record: BatchRecord
    /// The inserted cards, in position order.
    package var cards: [Card]
    /// Drafts not inserted because the topic (or an earlier draft of this batch) already had the question.
    package var skippedDuplicates: Int

    package init(record: BatchRecord, cards: [Card], skippedDuplicates: Int) {
        self.record = record
        self.cards = cards
        self.skippedDuplicates = skippedDuplicates
    }
}
