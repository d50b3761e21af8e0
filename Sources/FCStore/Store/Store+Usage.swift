import FCCore
import Foundation

extension Database {
    package func insertUsage(_ entry: UsageEntry, at time: Int64) async throws {
        try await connection.runQuery(
            """
            INSERT INTO llm_usage (topic_id, topic_name, batch_id, kind, provider, model, input_tokens,
                output_tokens, cost_usd, created_at)
            VALUES (\(entry.topicID), \(entry.topicName), NULL, \(entry.kind.rawValue), \(entry.provider),
                \(entry.model), \(entry.usage.input), \(entry.usage.output), \(entry.costUSD), \(time))
            """,
            operation: "record usage")
    }

    /// The ledger rows of a batch being stored, inside the batch's transaction: its generation request (`batch`)
    /// and its review (`review`), if it had one; a new topic also takes over the rows its run wrote before it
    /// existed (its outline).
    package func insertBatchUsage(_ batch: NewBatch, batchID: Int64, createdAt: Int64, newTopicName: String?)
        async throws
    {
        var requests: [(UsageKind, String, NewBatch.RequestUsage)] = [
            (.batch, batch.model, NewBatch.RequestUsage(usage: batch.usage, costUSD: batch.costUSD))
        ]
        if let review = batch.review { requests.append((.review, batch.model, review)) }
        if let embeddings = batch.embeddings { requests.append((.embedding, embeddings.model, embeddings.request)) }
        for (kind, model, request) in requests {
            try await connection.withQuery(
                """
                INSERT INTO llm_usage (topic_id, topic_name, batch_id, kind, provider, model, input_tokens,
                    output_tokens, cost_usd, created_at)
                SELECT id, name, \(batchID), \(kind.rawValue), \(batch.provider), \(model),
                    \(request.usage.input), \(request.usage.output), \(request.costUSD), \(createdAt) FROM topics WHERE
                    id = \(batch.topicID)
                """,
                operation: "record batch usage"
            ) { statement in
                try await statement.run()
            }
        }
        guard let newTopicName else { return }
        try await connection.withQuery(
            "UPDATE llm_usage SET topic_id = \(batch.topicID) WHERE topic_id IS NULL AND topic_name = \(newTopicName)",
            operation: "attach usage to new topic"
        ) { statement in
            try await statement.run()
        }
    }

    /// Compared column by column so that each name's NOCASE collation applies (SQLite gives `COALESCE(…)` none).
    package func usageLines(since: Int64, topic: String?) async throws -> [UsageLine] {
        try await connection.rows(
            """
            SELECT u.created_at / 86400000, COALESCE(t.name, u.topic_name), u.model, COUNT(*),
                CAST(COALESCE(SUM(u.input_tokens), 0) AS BIGINT), CAST(COALESCE(SUM(u.output_tokens), 0) AS BIGINT),
                SUM(u.cost_usd), SUM(CASE WHEN u.cost_usd IS NULL THEN 1 ELSE 0 END)
            FROM llm_usage u LEFT JOIN topics t ON t.id = u.topic_id
            WHERE u.created_at >= \(since)
                AND (\(topic) IS NULL OR t.name = \(topic) OR (t.id IS NULL AND u.topic_name = \(topic)))
            GROUP BY 1, 2, 3
            ORDER BY 1, 2, 3
            """,
            operation: "read usage"
        ) { statement in
            UsageLine(
                day: UTCDay.text(dayNumber: statement.int64(at: 0)), topic: statement.string(at: 1),
                model: statement.string(at: 2), requests: statement.int(at: 3), inputTokens: statement.int(at: 4),
                outputTokens: statement.int(at: 5), costUSD: statement.optionalDouble(at: 6),
                unpricedRequests: statement.int(at: 7))
        }
    }

    package func spending(since dayStart: Int64, topicID: Int64?) async throws -> DaySpending {
        try await connection.withQuery(
            """
            SELECT COALESCE(SUM(cost_usd), 0.0), COALESCE(SUM(CASE WHEN cost_usd IS NULL THEN 1 ELSE 0 END), 0)
            FROM llm_usage WHERE created_at >= \(dayStart) AND (\(topicID) IS NULL OR topic_id = \(topicID))
            """,
            operation: "read today's spending"
        ) { statement in
            guard try await statement.step() else { return DaySpending(costUSD: 0, unpricedRequests: 0) }
            return DaySpending(costUSD: statement.double(at: 0), unpricedRequests: statement.int(at: 1))
        }
    }
}

extension UTCDay {
    /// `YYYY-MM-DD` of the day `dayNumber` days after 1970-01-01.
    static func text(dayNumber: Int64) -> String { GregorianDays.isoDate(dayNumber) }

    /// The UTC day that holds `date`, as `YYYY-MM-DD`.
    static func text(of date: Date) -> String {
        text(dayNumber: start(of: date.unixMilliseconds) / milliseconds)
    }
}

/// The topics' daily budgets (``UsageRepository``; what a budget admits is FCPipeline's).
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
