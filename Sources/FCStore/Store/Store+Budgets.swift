import FCCore
package import Foundation

extension Database {
    /// Sets (or with `nil` removes) the most the refill worker may spend on the topic per UTC day, in US dollars.
    ///
    /// - Throws: ``StoreError/invalidPolicy(_:)`` for a budget that is not a number greater than 0;
    ///   ``StoreError/topicNotFound(topicID:)``.
    package func setTopicDailyBudget(_ budget: Double?, topicID: Int64) async throws {
        if let budget, !(budget > 0 && budget.isFinite) {
            throw StoreError.invalidPolicy("daily budget must be greater than 0")
        }
        try await connection.immediateTransaction("set topic daily budget") {
            try await connection.withQuery(
                "UPDATE topics SET daily_budget_usd = \(budget) WHERE id = \(topicID)",
                operation: "set topic daily budget"
            ) { statement in
                try await statement.run()
            }
            guard await connection.changes == 1 else { throw StoreError.topicNotFound(topicID: topicID) }
        }
    }

    /// The topic's daily budget in US dollars; `nil` when it has none.
    ///
    /// - Throws: ``StoreError/topicNotFound(topicID:)``.
    package func topicDailyBudget(topicID: Int64) async throws -> Double? {
        try await connection.withQuery(
            "SELECT daily_budget_usd FROM topics WHERE id = \(topicID)", operation: "read topic daily budget"
        ) { statement in
            guard try await statement.step() else { throw StoreError.topicNotFound(topicID: topicID) }
            return statement.optionalDouble(at: 0)
        }
    }
}
