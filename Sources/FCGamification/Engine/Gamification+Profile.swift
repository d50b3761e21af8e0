public import Foundation

extension Gamification {
    /// The learner's profile as of `now` in `timeZone`, from running totals only.
    public func profile(of state: GamificationState, at now: Date, timeZone: TimeZone) -> ProfileSummary {
        let day = LocalDay(containing: now, in: timeZone)
        let isToday = state.today?.day == day
        return ProfileSummary(
            learnerID: state.learnerID, day: day, level: LevelInfo(totalXP: state.totalXP, curve: rules.levels),
            currentStreak: state.streak.current(asOf: day), longestStreak: state.streak.longest,
            xpToday: isToday ? state.today?.xp ?? 0 : 0,
            challenges: challenges(of: state, on: day, timeZone: timeZone),
            unopenedBoxes: state.unopenedBoxes, achievementsUnlocked: state.achievements.count,
            achievementsTotal: rules.achievements.count)
    }

    /// The learner's challenges for `day`: with progress when `day` is the state's current day, else fresh ones.
    public func challenges(of state: GamificationState, on day: LocalDay, timeZone: TimeZone) -> [DailyChallenge] {
        if let today = state.today, today.day == day { return today.challenges }
        return rules.dailyChallenges(learnerID: state.learnerID, day: day, timeZone: timeZone)
    }

    /// Every achievement in the rules' order, with its unlock time when unlocked.
    public func achievements(of state: GamificationState) -> [AchievementStatus] {
        rules.achievements.map { AchievementStatus(definition: $0, unlockedAt: state.achievements[$0.id]) }
    }

    /// The level information for `state`.
    public func level(of state: GamificationState) -> LevelInfo {
        LevelInfo(totalXP: state.totalXP, curve: rules.levels)
    }
}
