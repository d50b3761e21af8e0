package import struct Foundation.Date

/// A topic with its deck size and batch history at a glance, for listings.
package struct TopicSummary: Sendable, Codable, Hashable, Identifiable {
    package var id: Int64
    package var name: String
    /// Cards stored for the topic.
    package var cardCount: Int
    /// Batches stored for the topic.
    package var batchCount: Int
    /// When the newest batch was stored; `nil` before the first one.
    package var lastBatchAt: Date?

    package init(id: Int64, name: String, cardCount: Int, batchCount: Int, lastBatchAt: Date?) {
        self.id = id
        self.name = name
        self.cardCount = cardCount
        self.batchCount = batchCount
        self.lastBatchAt = lastBatchAt
    }
}
