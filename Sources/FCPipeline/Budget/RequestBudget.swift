/// A request about to be sent, as a budget sees it.
package struct BudgetedRequest: Sendable {
    /// `nil` for a topic that does not exist yet (its first run).
    package var topicID: Int64?
    package var topic: String
    /// The batch number; 0 for the topic's outline.
    package var batch: Int
    /// The model requested.
    package var model: String
    /// Its worst-case cost (``Pricing/estimate(_:)``); `nil` when the model has no price.
    package var estimate: Double?

    package init(topicID: Int64?, topic: String, batch: Int, model: String, estimate: Double?) {
        self.topicID = topicID
        self.topic = topic
        self.batch = batch
        self.model = model
        self.estimate = estimate
    }

    /// The estimate, which a budget that applies needs.
    /// - Throws: ``PipelineError/priceMissing(model:)`` when the model has no price.
    package func pricedEstimate() throws -> Double {
        guard let estimate else { throw PipelineError.priceMissing(model: model) }
        return estimate
    }
}

/// What a budget granted a request: its estimate stays reserved until ``RequestBudget/settle(_:cost:)``.
package struct BudgetReservation: Sendable {
    package var request: BudgetedRequest
    package var id: UInt64

    package init(request: BudgetedRequest, id: UInt64) {
        self.request = request
        self.id = id
    }
}

/// A limit on what requests may cost, checked before each request is sent (`--max-cost`, daily budgets).
///
/// Requests in flight count with their worst-case estimate until they settle, so concurrent requests cannot
/// together cross the limit.
package protocol RequestBudget: Sendable {
    /// Reserves `request`'s estimate, or refuses it.
    /// - Throws: ``BudgetExceeded`` when spent + reserved + the estimate would exceed the limit;
    ///   ``PipelineError/priceMissing(model:)`` when a limit applies and the model has no price.
    func admit(_ request: BudgetedRequest) async throws -> BudgetReservation
    /// The request is over and its cost, if it cost anything, is in the usage ledger: `cost` is what it cost
    /// (0 when the provider refused or failed it, the estimate when its usage is unknown).
    func settle(_ reservation: BudgetReservation, cost: Double)
}
