/// A topic's and the overall daily budget in US dollars, with what was spent against each today (read only for a
/// budget that applies): ``UsageLedger/dayBudgets(topicID:overall:since:in:)``.
package struct DayBudgets: Sendable, Hashable {
    package var topic: Double?
    package var overall: Double?
    package var topicSpent: Double?
    package var overallSpent: Double?

    /// Whether any daily budget applies.
    package var apply: Bool { topic != nil || overall != nil }
}
