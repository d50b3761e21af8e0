package import FCStore

/// The budgets a runner checks a generation's requests against, as the command line has them: the request's
/// `maxCostUsd` (as `fcgen generate --max-cost`, for that generation alone), and each topic's daily budget and the
/// overall `daily_budget` (as the refill worker applies them, counting every request of the UTC day in the usage
/// ledger). The daily ones share one ``DailyBudget``, so requests in flight in this process's concurrent
/// generations count against them too (another process's once recorded in the usage ledger).
package struct GenerationRunBudgets: Sendable {
    let store: Store
    package let daily: DailyBudget

    /// - Parameter overall: the `daily_budget` setting; `nil` for none.
    package init(store: Store, overall: Double?) {
        self.store = store
        daily = DailyBudget(store: store, overall: overall)
    }

    /// What a generation's requests are checked against when a runner starts it: `maxCost` for it alone, and the
    /// daily budgets; `nil` when no budget applies.
    package func budget(topicID: Int64, maxCost: Double?) async throws -> (any RequestBudget)? {
        let topicLimit = try await UsageLedger.dailyBudget(on: store, topicID: topicID)
        var budgets: [any RequestBudget] = []
        if let maxCost { budgets.append(RunBudget(limit: maxCost)) }
        if topicLimit != nil || daily.overall != nil { budgets.append(daily) }
        guard !budgets.isEmpty else { return nil }
        return budgets.count == 1 ? budgets[0] : CombinedBudget(budgets)
    }
}
