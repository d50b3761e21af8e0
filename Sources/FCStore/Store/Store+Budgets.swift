extension Database {
    package func setTopicDailyBudget(_ budget: Double?, topicID: Int64) async throws -> Bool {
        try await connection.runQuery(
            "UPDATE topics SET daily_budget_usd = \(budget) WHERE id = \(topicID)", operation: "set topic daily budget")
        return await connection.changes == 1
    }

    package func topicDailyBudget(topicID: Int64) async throws -> Double? {
        try await connection.withQuery(
            "SELECT daily_budget_usd FROM topics WHERE id = \(topicID)", operation: "read topic daily budget"
        ) { statement in
            guard try await statement.step() else { throw StoreError.topicNotFound(topicID: topicID) }
            return statement.optionalDouble(at: 0)
        }
    }
}
