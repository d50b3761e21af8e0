/// Ranks learners' daily stats: the pure half of `fcgen leaderboard`.
///
/// Ranks are 1-based *standard competition ranking* ("1224"): learners with equal values share a rank and the next
/// rank skips, so values 9, 7, 7, 5 rank 1, 2, 2, 4. Within a tie, rows are ordered by name (case-insensitive),
/// then learner id, so the output is deterministic.
///
/// ```swift
/// let board = Leaderboard.rank(stats, by: .cards, currentLearnerID: me)
/// board.entries.first?.rank  // 1
/// ```
public enum Leaderboard {
    /// What to rank by.
    public enum Metric: String, Sendable, Codable, CaseIterable, Hashable {
        case cards
        case topics
        case xp

        /// The value of this metric in `stats`.
        public func value(of stats: DailyStats) -> Int {
            switch self {
            case .cards: stats.cardsReviewed
            case .topics: stats.topicsExplored
            case .xp: stats.xp
            }
        }
    }

    /// One ranked row.
    public struct Entry: Sendable, Hashable, Codable {
        /// 1-based; tied values share a rank.
        public var rank: Int
        /// The ranked metric's value.
        public var value: Int
        public var stats: DailyStats
        /// Whether this row is the learner who asked.
        public var isCurrentLearner: Bool
    }

    /// The ranking.
    public struct Result: Sendable, Hashable, Codable {
        public var metric: Metric
        /// The top rows, at most `limit`.
        public var entries: [Entry]
        /// The current learner's row, even when it is outside the top rows; `nil` when they have no stats.
        public var currentLearner: Entry?
    }

    /// Ranks `stats` by `metric`, highest first, keeping the top `limit` rows (50 by default).
    public static func rank(
        _ stats: [DailyStats], by metric: Metric, currentLearnerID: Int64?, limit: Int = 50
    ) -> Result {
        let sorted = stats.sorted { lhs, rhs in
            let (left, right) = (metric.value(of: lhs), metric.value(of: rhs))
            if left != right { return left > right }
            let (leftName, rightName) = (lhs.name.lowercased(), rhs.name.lowercased())
            if leftName != rightName { return leftName < rightName }
            return lhs.learnerID < rhs.learnerID
        }
        var entries: [Entry] = []
        entries.reserveCapacity(sorted.count)
        var rank = 0
        var previousValue: Int?
        for (index, row) in sorted.enumerated() {
            let value = metric.value(of: row)
            if value != previousValue { rank = index + 1 }
            previousValue = value
            entries.append(
                Entry(rank: rank, value: value, stats: row, isCurrentLearner: row.learnerID == currentLearnerID))
        }
        let current = entries.first(where: \.isCurrentLearner)
        return Result(metric: metric, entries: Array(entries.prefix(max(0, limit))), currentLearner: current)
    }
}
