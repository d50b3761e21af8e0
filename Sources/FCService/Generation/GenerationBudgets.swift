import FCContract
package import FCCore
package import FCPipeline
package import FCStore
import Foundation
import HTTPTypes

/// The budgets of the server's generations, as the command line has them: a request's `maxCostUsd` (as
/// `fcgen generate --max-cost`, for that generation alone), and each topic's daily budget and the overall
/// `daily_budget` (as the refill worker applies them, counting every request of the UTC day in the usage ledger).
///
/// A new generation is checked against them in the transaction that queues it; then each is checked before every
/// request of the generation; the daily ones share one ``DailyBudget``, so requests in flight in this instance's
/// concurrent generations count against them too (another instance's count once recorded in the usage ledger).
package struct GenerationBudgets: Sendable {
    /// What the runner checks each request of a generation against (the same daily budgets).
    package let run: GenerationRunBudgets
    /// The model requested, and whether it has a price (every budget needs one).
    let model: String
    let priced: Bool
    let now: Now

    /// - Parameters:
    ///   - overall: the `daily_budget` setting; `nil` for none.
    ///   - pricing: the pipeline's prices and model.
    package init(store: Store, overall: Double?, pricing: Pricing, now: Now) {
        run = GenerationRunBudgets(store: store, overall: overall)
        model = pricing.model
        priced = pricing.prices.price(for: pricing.model) != nil
        self.now = now
    }

    /// Checks a new generation against the budgets, in the transaction that queues it (`db`).
    ///
    /// - Throws: a problem (`budget_exceeded`, 429, `Retry-After` the next UTC day) when a daily budget is spent
    ///   already; when the model has no price, a `conflict` (409) for `maxCost`, else
    ///   ``PipelineError/priceMissing(model:)`` (a daily budget applies: the config needs fixing).
    package func check(topic: Topic, maxCost: Double?, in db: borrowing Database) async throws {
        let today = UTCDay.start(of: now().unixMilliseconds)
        let budgets = try await UsageLedger.dayBudgets(
            topicID: topic.id, overall: run.daily.overall, since: today, in: db)
        guard maxCost != nil || budgets.apply else { return }
        if !priced, maxCost != nil {
            throw Problem(
                .conflict,
                detail: "maxCostUsd needs the price of model \"\(model)\", and this server's config has none in "
                    + "\"prices\"", field: "maxCostUsd")
        }
        // A daily budget without a price is the server's configuration to fix.
        guard priced else { throw PipelineError.priceMissing(model: model) }
        if let limit = budgets.topic, let topicSpent = budgets.topicSpent, topicSpent >= limit {
            throw spent(
                "topic \"\(topic.name)\"'s daily budget of \(Money.text(limit)) is spent today (UTC): "
                    + "\(Money.text(topicSpent)) spent")
        }
        if let overall = budgets.overall, let allSpent = budgets.overallSpent, allSpent >= overall {
            throw spent(
                "the daily budget of \(Money.text(overall)) is spent today (UTC): \(Money.text(allSpent)) spent")
        }
    }

    /// A daily budget spent already: retry on the next UTC day.
    private func spent(_ what: String) -> Problem {
        var problem = Problem(.budgetExceeded, detail: "budget: \(what); nothing was queued")
        let seconds = now().timeIntervalSince1970
        let untilMidnight = 86_400 - seconds.truncatingRemainder(dividingBy: 86_400)
        problem.headers[.retryAfter] = String(Int(untilMidnight.rounded(.up)))
        return problem
    }
}
