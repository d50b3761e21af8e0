public import struct Foundation.Date

/// A topic with its deck size and batch history at a glance, for listings.
public struct TopicSummary: Sendable, Codable, Hashable, Identifiable {
    public var id: Int64
    public var name: String
    /// Cards stored for the topic.
    public var cardCount: Int
    /// Batches stored for the topic.
    public var batchCount: Int
    /// When the newest batch was stored; `nil` before the first one.
    public var lastBatchAt: Date?

    public init(id: Int64, name: String, cardCount: Int, batchCount: Int, lastBatchAt: Date?) {
        self.id = id
        self.name = name
        self.cardCount = cardCount
        self.batchCount = batchCount
        self.lastBatchAt = lastBatchAt
    }
}
