extension AchievementRule {
    /// How far `state` is along the rule: `current` of `target`, `current` capped at `target`.
    ///
    /// Counting rules (reviews, night reviews, topics, streak days) count the running totals the rule reads; a rule
    /// about one session (fast, perfect) is 0 of 1 until a session meets it, since no total leads up to it.
    public func progress(in state: GamificationState, unlocked: Bool) -> (current: Int, target: Int) {
        let (current, target): (Int, Int)
        switch self {
        case .cardsReviewed(let count): (current, target) = (state.lifetime.cardsReviewed, count)
        case .lateNightReviews(let count): (current, target) = (state.lifetime.lateNightReviews, count)
        case .topicsExplored(let count): (current, target) = (state.lifetime.exploredTopicIDs.count, count)
        case .topicsStudied(let count): (current, target) = (state.lifetime.studiedTopicIDs.count, count)
        case .streak(let days): (current, target) = (state.streak.longest, days)
        case .fastSession, .perfectSession: (current, target) = (0, 1)
        }
        let goal = max(1, target)
        return (unlocked ? goal : min(current, goal), goal)
    }
}
