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

    /// Gives a running job back to the queue until the next UTC day (its budget for today is spent); the claim's
    /// attempt is not counted and `reason` is kept in `last_error`.
    ///
    /// - Returns: when the job may run again, or `nil` when `owner` no longer held it (nothing changed).
    @discardableResult
    package func deferJobToNextDay(jobID: Int64, owner: String, reason: String) async throws -> Date? {
        let now = now().unixMilliseconds
        let next = UTCDay.next(after: now)
        let changed = try await connection.immediateTransaction("defer job") {
            try await connection.withQuery(
                """
                UPDATE jobs SET status = 'queued', attempts = CASE WHEN attempts > 0 THEN attempts - 1 ELSE 0 END,
                    run_after = \(next), updated_at = \(now), last_error = \(String(reason.prefix(1000))), lease_owner =
                        NULL, lease_expires_at = NULL
                WHERE id = \(jobID) AND status = 'running' AND lease_owner = \(owner)
                """,
                operation: "defer job"
            ) { statement in
                try await statement.run()
            }
            return await connection.changes == 1
        }
        return changed ? Date(unixMilliseconds: next) : nil
    }
}
