package import FCCore

/// A topic's refill policy and the counts the refill rule looks at, for `fcgen topic show`.
package struct TopicRefillStatus: Sendable, Codable, Hashable {
    package var topicID: Int64
    package var name: String
    /// `nil` when the topic is not subscribed to refills.
    package var policy: TopicPolicy?
    package var cardCount: Int
    /// Cards no learner has studied yet (see ``RefillRule``).
    package var unstudiedCount: Int
    package var batchCount: Int
    /// The topic's open job (queued, running, failed or dead), if any.
    package var openJob: Job?
    /// Whether a refill is due by the rule right now (an open job may already be taking care of it).
    package var isRefillDue: Bool

    /// The `fcgen topic show --json` members: ids spelled `Id`, as every fcgen document spells them.
    enum CodingKeys: String, CodingKey {
        case topicID = "topicId"
        case name, policy, cardCount, unstudiedCount, batchCount, openJob, isRefillDue
    }

    package init(
        topicID: Int64, name: String, policy: TopicPolicy?, cardCount: Int, unstudiedCount: Int, batchCount: Int,
        openJob: Job?, isRefillDue: Bool
    ) {
        self.topicID = topicID
        self.name = name
        self.policy = policy
        self.cardCount = cardCount
        self.unstudiedCount = unstudiedCount
        self.batchCount = batchCount
        self.openJob = openJob
        self.isRefillDue = isRefillDue
    }
}
