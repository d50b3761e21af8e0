import FCCore
package import FCStore

/// The usage ledger and the topics' daily budgets, as plain steps over the store's ``FCStore/UsageRepository``:
/// recording a paid request that stored no batch, the usage report (`fcgen usage`), and setting or reading a
/// topic's budget (`fcgen topic --daily-budget`). What a budget admits is ``DailyBudget``'s; a stored batch records
/// its own requests in its transaction.
package enum UsageLedger {
    /// Records one paid request that stored no batch (an outline, an unstored reply) in its own transaction.
    package static func record(on store: Store, _ entry: UsageEntry) async throws {
        let time = store.now().unixMilliseconds
        try await store.write("record usage", patience: Store.paidWorkPatience) { db in
            try await db.insertUsage(entry, at: time)
        }
    }

    /// The usage report from `since` (Unix milliseconds) on: one line per UTC day, topic and model, oldest first;
    /// only the topic named `topic` (ignoring case) when given, also for rows whose topic is gone or not made yet.
    package static func report(on store: Store, since: Int64, topic: String? = nil) async throws -> [UsageLine] {
        try await store.read { try await $0.usageLines(since: since, topic: topic) }
    }

    /// Today by the store's clock, as the first millisecond of its UTC day: the day budgets count.
    package static func today(on store: Store) -> Int64 { UTCDay.start(of: store.now().unixMilliseconds) }

    /// Sets (or with `nil` removes) the most the refill worker and the service may spend on the topic per UTC day, in
    /// US dollars.
    ///
    /// - Throws: ``FCStore/StoreError/invalidPolicy(_:)`` for a budget that is not a number greater than 0 (nothing
    ///   is written); ``FCStore/StoreError/topicNotFound(topicID:)``.
    package static func setDailyBudget(on store: Store, _ budget: Double?, topicID: Int64) async throws {
        if let budget, !(budget > 0 && budget.isFinite) {
            throw StoreError.invalidPolicy("daily budget must be greater than 0")
        }
        try await store.write("set topic daily budget") { db in
            guard try await db.setTopicDailyBudget(budget, topicID: topicID) else {
                throw StoreError.topicNotFound(topicID: topicID)
            }
        }
    }

    /// The topic's daily budget in US dollars; `nil` when it has none.
    ///
    /// - Throws: ``FCStore/StoreError/topicNotFound(topicID:)``.
    package static func dailyBudget(on store: Store, topicID: Int64) async throws -> Double? {
        try await store.read { try await $0.topicDailyBudget(topicID: topicID) }
    }

    /// The topic's daily budget and what was spent on it today (UTC), in one snapshot (`fcgen topic`).
    ///
    /// - Throws: ``FCStore/StoreError/topicNotFound(topicID:)``.
    package static func todaysBudget(
        on store: Store, topicID: Int64
    ) async throws -> (budget: Double?, spent: DaySpending) {
        let dayStart = today(on: store)
        return try await store.read { db in
            await (try db.topicDailyBudget(topicID: topicID), try db.spending(since: dayStart, topicID: topicID))
        }
    }

    /// The day's budgets of a new generation on the topic, read in the caller's transaction (the one that queues
    /// it): the topic's own budget and, only for a budget that applies (the topic's; `overall`, the `daily_budget`
    /// setting), what was spent against it since `today` (the first millisecond of the UTC day).
    ///
    /// - Throws: ``FCStore/StoreError/topicNotFound(topicID:)``.
    package static func dayBudgets(
        topicID: Int64, overall: Double?, since today: Int64, in db: borrowing Database
    ) async throws -> DayBudgets {
        var budgets = DayBudgets(topic: try await db.topicDailyBudget(topicID: topicID), overall: overall)
        if budgets.topic != nil { budgets.topicSpent = try await db.spending(since: today, topicID: topicID).costUSD }
        if overall != nil { budgets.overallSpent = try await db.spending(since: today, topicID: nil).costUSD }
        return budgets
    }
}
