public import Foundation

/// What `fcgen profile` shows: level and XP bar, streaks, today's challenges and unopened boxes.
///
/// Built from the running totals in ``GamificationState`` only (no history scan), so it costs the same for a learner
/// with ten reviews or ten million.
public struct ProfileSummary: Sendable, Hashable, Codable {
    public var learnerID: Int64
    /// The learner's local day the summary was computed for.
    public var day: LocalDay
    public var level: LevelInfo
    /// How full the XP bar is, 0 ..< 1 (``LevelInfo/progress``).
    public var xpBarFraction: Double
    /// The streak as of ``day``: 0 when neither today nor yesterday had a card review.
    public var currentStreak: Int
    public var longestStreak: Int
    /// XP earned on ``day``.
    public var xpToday: Int
    /// ``day``'s three challenges (fresh ones with zero progress when the learner has not been active today).
    public var challenges: [DailyChallenge]
    public var unopenedBoxes: [MysteryBox]
    public var achievementsUnlocked: Int
    public var achievementsTotal: Int

    public init(
        learnerID: Int64, day: LocalDay, level: LevelInfo, currentStreak: Int, longestStreak: Int, xpToday: Int,
        challenges: [DailyChallenge], unopenedBoxes: [MysteryBox], achievementsUnlocked: Int, achievementsTotal: Int
    ) {
        self.learnerID = learnerID
        self.day = day
        self.level = level
        xpBarFraction = level.progress
        self.currentStreak = currentStreak
        self.longestStreak = longestStreak
        self.xpToday = xpToday
        self.challenges = challenges
        self.unopenedBoxes = unopenedBoxes
        self.achievementsUnlocked = achievementsUnlocked
        self.achievementsTotal = achievementsTotal
    }
}

/// An achievement and whether (and when) the learner unlocked it; a row of `fcgen achievements`.
public struct AchievementStatus: Sendable, Hashable, Codable {
    public var definition: AchievementDefinition
    /// `nil` while locked.
    public var unlockedAt: Date?

    public init(definition: AchievementDefinition, unlockedAt: Date?) {
        self.definition = definition
        self.unlockedAt = unlockedAt
    }
}
