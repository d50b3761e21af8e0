/// A request was not sent because its worst-case cost would cross a budget. Nothing was sent for it; what was
/// stored before stays stored.
public struct BudgetExceeded: Error, Sendable, Equatable, CustomStringConvertible {
    /// Which budget refused.
    public enum Scope: Sendable, Equatable {
        /// `fcgen generate --max-cost`: the run's limit.
        case run
        /// A topic's `daily_budget` (`fcgen topic set NAME --daily-budget`), per UTC day.
        case topicDay(topic: String)
        /// The worker's overall `daily_budget`, per UTC day.
        case allDay
    }

    public var scope: Scope
    /// What was spent (and reserved by requests in flight) when the request was refused, in US dollars.
    public var spent: Double
    public var limit: Double
    /// The refused request's worst-case cost.
    public var estimate: Double
    /// The batch number the request was for; 0 for a topic's outline.
    public var batch: Int

    public init(scope: Scope, spent: Double, limit: Double, estimate: Double, batch: Int) {
        self.scope = scope
        self.spent = spent
        self.limit = limit
        self.estimate = estimate
        self.batch = batch
    }

    public var description: String {
        let which =
            switch scope {
            case .run: "of \(Money.text(limit)) (--max-cost)"
            case .topicDay(let topic): "of topic \"\(topic)\"'s \(Money.text(limit)) daily budget today (UTC)"
            case .allDay: "of the \(Money.text(limit)) daily budget today (UTC)"
            }
        let request = batch == 0 ? "the outline request" : "batch \(batch)"
        return "budget: \(Money.text(spent)) spent \(which); \(request) may cost up to \(Money.text(estimate)), "
            + "so it was stopped before its request was sent"
    }
}

/// US dollars as fcgen shows them: four decimals, so a single small request is visible.
package enum Money {
    /// Amounts beyond this are shown as it (`$1000000000.0000`): every amount that reaches here is checked where it
    /// enters, but a sum of many or a misconfigured price must never trap the conversion to an integer.
    static let largestShown = 1e9
    /// The largest budget a run, a topic or a day takes, in US dollars (`--max-cost`, `maxCostUsd`, the daily
    /// budget settings): more is no budget at all, and only numbers that overflow what is computed from them.
    package static let largestBudget = 1_000_000.0

    package static func text(_ dollars: Double) -> String {
        guard !dollars.isNaN else { return "$?" }
        let bounded = min(max(dollars, -largestShown), largestShown)
        let tenThousandths = Int64((bounded * 10_000).rounded())
        let whole = tenThousandths / 10_000
        let fraction = String(abs(tenThousandths % 10_000))
        return "$\(whole).\(String(repeating: "0", count: 4 - fraction.count))\(fraction)"
    }
}
