/// The learner's streak of consecutive local days with a card review.
public struct StreakState: Sendable, Hashable, Codable {
    /// The streak as of ``lastActiveDay``; use ``current(asOf:)`` for today's value.
    public var current: Int
    /// The longest streak ever; never decreases.
    public var longest: Int
    /// The last local day with a card review.
    public var lastActiveDay: LocalDay?

    public init(current: Int = 0, longest: Int = 0, lastActiveDay: LocalDay? = nil) {
        self.current = current
        self.longest = longest
        self.lastActiveDay = lastActiveDay
    }

    /// What recording a day's activity did to the streak.
    public enum Change: Sendable, Hashable {
        /// The day was already active; nothing changed.
        case unchanged
        /// A new streak of 1 started (first activity ever, or after a missed day).
        case started
        /// Yesterday was active, so the streak grew to `length`.
        case continued(length: Int)
    }

    /// The current streak as seen on `day`: kept while the last active day is `day` or the day before, else 0
    /// (a whole local day was missed).
    public func current(asOf day: LocalDay) -> Int {
        guard let last = lastActiveDay, last == day || last == day.previous else { return 0 }
        return current
    }

    /// Records activity on `day`; days earlier than ``lastActiveDay`` change nothing.
    public mutating func recordActivity(on day: LocalDay) -> Change {
        if let last = lastActiveDay, day <= last { return .unchanged }
        let change: Change
        if let last = lastActiveDay, last == day.previous {
            current += 1
            change = .continued(length: current)
        } else {
            current = 1
            change = .started
        }
        lastActiveDay = day
        longest = max(longest, current)
        return change
    }
}
