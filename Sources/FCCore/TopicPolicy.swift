/// A topic's refill subscription: keep it stocked with cards, one batch at a time.
///
/// A topic without a policy is not refilled. See ``RefillRule`` for when a refill is due.
public struct TopicPolicy: Sendable, Codable, Hashable {
    /// A refill is due when fewer unstudied cards than this remain.
    public var refillBelow: Int
    /// Cards each refill batch asks for.
    public var batchSize: Int
    /// No refills once the topic has this many batches; `nil` = unlimited.
    public var maxBatches: Int?

    public init(refillBelow: Int, batchSize: Int, maxBatches: Int? = nil) {
        self.refillBelow = refillBelow
        self.batchSize = batchSize
        self.maxBatches = maxBatches
    }
}
