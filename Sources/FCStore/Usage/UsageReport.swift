/// One line of the usage report: one UTC day, topic and model.
package struct UsageLine: Sendable, Hashable, Codable {
    /// `YYYY-MM-DD`, in UTC.
    package var day: String
    package var topic: String
    package var model: String
    package var requests: Int
    package var inputTokens: Int
    package var outputTokens: Int
    /// The sum of the costs that are known; `nil` when none is.
    package var costUSD: Double?
    /// Requests whose cost is unknown (their model has no price).
    package var unpricedRequests: Int

    package init(
        day: String, topic: String, model: String, requests: Int, inputTokens: Int, outputTokens: Int,
        costUSD: Double?, unpricedRequests: Int
    ) {
        self.day = day
        self.topic = topic
        self.model = model
        self.requests = requests
        self.inputTokens = inputTokens
        self.outputTokens = outputTokens
        self.costUSD = costUSD
        self.unpricedRequests = unpricedRequests
    }
}

/// What was spent in one UTC day: the known costs, and how many requests had no price.
package struct DaySpending: Sendable, Hashable {
    package var costUSD: Double
    package var unpricedRequests: Int

    package init(costUSD: Double, unpricedRequests: Int) {
        self.costUSD = costUSD
        self.unpricedRequests = unpricedRequests
    }
}
