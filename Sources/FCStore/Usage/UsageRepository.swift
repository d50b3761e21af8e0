/// The reads and writes of the usage ledger (`llm_usage`) and of the topics' daily budgets, each inside the
/// transaction a ``Store/write(_:patience:_:)`` (or ``Store/read(_:)``) hands out; times are Unix milliseconds.
/// SQL and rows only: what a budget admits and when a day starts are the use cases' (FCPipeline's `UsageLedger`,
/// `DailyBudget`). A stored batch writes its own ledger rows in its transaction. ``Database`` implements it on both
/// engines.
package protocol UsageRepository: ~Copyable {
    /// Inserts the ledger row of a paid request that stored no batch (an outline, an unstored reply).
    func insertUsage(_ entry: UsageEntry, at time: Int64) async throws
    /// The usage report from `since` on: one line per UTC day, topic and model, oldest first; only the topic named
    /// `topic` when given (ignoring case: its current name or, for a row whose topic is gone or not made yet, the
    /// name it had).
    func usageLines(since: Int64, topic: String?) async throws -> [UsageLine]
    /// What was spent from `dayStart` on: on the topic, or on everything when `topicID` is `nil`.
    func spending(since dayStart: Int64, topicID: Int64?) async throws -> DaySpending
    /// Sets (or with `nil` removes) the topic's daily budget in US dollars; `false` when there is no such topic.
    func setTopicDailyBudget(_ budget: Double?, topicID: Int64) async throws -> Bool
    /// The topic's daily budget in US dollars; `nil` when it has none.
    ///
    /// - Throws: ``StoreError/topicNotFound(topicID:)``.
    func topicDailyBudget(topicID: Int64) async throws -> Double?
}

extension Database: UsageRepository {}
