public import Foundation

/// A learner's gamification state: running totals, so nothing ever rescans the review history.
///
/// The state is small and `Codable`: persist it per learner (a JSON column, or columns) in the same transaction as
/// the awards an event produced. Day-scoped memory (which cards, sessions and topics already counted) is kept only
/// for the current local day, in ``today``; the store's unique award keys cover anything older.
public struct GamificationState: Sendable, Hashable, Codable {
    /// The learner; challenges are seeded by it.
    public var learnerID: Int64
    /// Total XP: the single source of truth for the level.
    public var totalXP: Int
    public var streak: StreakState
    /// Counters of the current local day; `nil` before the first event.
    public var today: DayProgress?
    /// Lifetime counters that achievements read.
    public var lifetime: LifetimeCounters
    /// Unlocked achievements and when.
    public var achievements: [AchievementID: Date]
    /// Boxes earned and not opened yet, oldest first.
    public var unopenedBoxes: [MysteryBox]

    /// A new learner with nothing earned.
    public init(learnerID: Int64) {
        self.learnerID = learnerID
        totalXP = 0
        streak = StreakState()
        today = nil
        lifetime = LifetimeCounters()
        achievements = [:]
        unopenedBoxes = []
    }

    /// The learner's numbers for `day` (zeros when `day` is not the state's current day).
    public func dailyStats(name: String, on day: LocalDay) -> DailyStats {
        guard let today, today.day == day else {
            return DailyStats(learnerID: learnerID, name: name, day: day)
        }
        return DailyStats(
            learnerID: learnerID, name: name, day: day, cardsReviewed: today.cardIDs.count,
            topicsExplored: today.topicIDs.count, achievementsUnlocked: today.achievementsUnlocked, xp: today.xp)
    }
}

/// What happened on the learner's current local day; it doubles as the memory that makes events idempotent.
public struct DayProgress: Sendable, Hashable, Codable {
    public var day: LocalDay
    /// Cards answered today; each paid its card XP once (the per-day card XP ledger).
    public var cardIDs: Set<Int64>
    /// Cards recalled on the first try today.
    public var perfectCardIDs: Set<Int64>
    /// Topics studied today.
    public var topicIDs: Set<Int64>
    /// Sessions counted today.
    public var sessionIDs: Set<Int64>
    /// XP earned today.
    public var xp: Int
    /// Achievements unlocked today.
    public var achievementsUnlocked: Int
    /// Today's challenges with their progress.
    public var challenges: [DailyChallenge]

    public init(day: LocalDay, challenges: [DailyChallenge]) {
        self.day = day
        cardIDs = []
        perfectCardIDs = []
        topicIDs = []
        sessionIDs = []
        xp = 0
        achievementsUnlocked = 0
        self.challenges = challenges
    }
}

/// Lifetime totals; each grows only when its day-scoped key is new, so replays never inflate them.
public struct LifetimeCounters: Sendable, Hashable, Codable {
    /// Card answers, each card counted once per local day.
    public var cardsReviewed: Int
    /// Cards recalled on the first try, once per card per day.
    public var perfectCards: Int
    /// Card answers (once per card per day) in the night hours.
    public var lateNightReviews: Int
    /// Sessions that earned boxes.
    public var sessionsFinished: Int
    /// Boxes opened.
    public var boxesOpened: Int
    /// Topics ever studied.
    public var exploredTopicIDs: Set<Int64>
    /// Topics completed (each paid once).
    public var completedTopicIDs: Set<Int64>

    public init() {
        cardsReviewed = 0
        perfectCards = 0
        lateNightReviews = 0
        sessionsFinished = 0
        boxesOpened = 0
        exploredTopicIDs = []
        completedTopicIDs = []
    }
}
