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
            learnerID: learnerID, name: name, day: day, cardsReviewed: today.cardsCounted,
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
    /// Cards answered right in a quiz today and not reviewed yet today: a later review of one still counts as a
    /// review (First Steps, Scholar) though its XP was paid by the quiz answer.
    public var quizOnlyCardIDs: Set<Int64>
    /// Cards of ``cardIDs`` paid today by an answer the learner claimed right over the grader and by nothing else:
    /// they are no card of the day's counts (``cardsCounted``) until answered otherwise.
    public var overriddenOnlyCardIDs: Set<Int64>
    /// Topics studied today (a card reviewed or answered right in them).
    public var topicIDs: Set<Int64>
    /// Sessions counted today.
    public var sessionIDs: Set<Int64>
    /// Mystery boxes earned today, for the daily cap (``BoxRules/maximumBoxesPerDay``).
    public var boxesEarned: Int
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
        quizOnlyCardIDs = []
        overriddenOnlyCardIDs = []
        topicIDs = []
        sessionIDs = []
        boxesEarned = 0
        xp = 0
        achievementsUnlocked = 0
        self.challenges = challenges
    }

    /// Cards answered today as Card Master and the leaderboard count them: every card paid today but those paid by
    /// an override alone.
    public var cardsCounted: Int { cardIDs.count - overriddenOnlyCardIDs.count }
}

/// Lifetime totals; each grows only when its day-scoped key is new, so replays never inflate them.
public struct LifetimeCounters: Sendable, Hashable, Codable {
    /// Spaced reviews, each card counted once per local day (quiz answers are not reviews).
    public var cardsReviewed: Int
    /// Right quiz answers, each card counted once per local day.
    public var quizAnswers: Int
    /// Cards recalled on the first try, once per card per day.
    public var perfectCards: Int
    /// Spaced reviews (once per card per day) in the night hours.
    public var lateNightReviews: Int
    /// Sessions that earned boxes.
    public var sessionsFinished: Int
    /// Boxes opened.
    public var boxesOpened: Int
    /// Topics ever studied, opened or generated.
    public var exploredTopicIDs: Set<Int64>
    /// Topics ever studied: a card reviewed or answered right in them.
    public var studiedTopicIDs: Set<Int64>
    /// Topics completed (each paid once).
    public var completedTopicIDs: Set<Int64>

    public init() {
        cardsReviewed = 0
        quizAnswers = 0
        perfectCards = 0
        lateNightReviews = 0
        sessionsFinished = 0
        boxesOpened = 0
        exploredTopicIDs = []
        studiedTopicIDs = []
        completedTopicIDs = []
    }
}

// States stored before a field existed decode with its empty value, so no stored learner is ever unreadable.
extension DayProgress {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        day = try container.decode(LocalDay.self, forKey: .day)
        cardIDs = try container.decode(Set<Int64>.self, forKey: .cardIDs)
        perfectCardIDs = try container.decode(Set<Int64>.self, forKey: .perfectCardIDs)
        quizOnlyCardIDs = try container.decodeIfPresent(Set<Int64>.self, forKey: .quizOnlyCardIDs) ?? []
        overriddenOnlyCardIDs =
            try container.decodeIfPresent(Set<Int64>.self, forKey: .overriddenOnlyCardIDs) ?? []
        topicIDs = try container.decode(Set<Int64>.self, forKey: .topicIDs)
        sessionIDs = try container.decode(Set<Int64>.self, forKey: .sessionIDs)
        boxesEarned = try container.decodeIfPresent(Int.self, forKey: .boxesEarned) ?? 0
        xp = try container.decode(Int.self, forKey: .xp)
        achievementsUnlocked = try container.decode(Int.self, forKey: .achievementsUnlocked)
        challenges = try container.decode([DailyChallenge].self, forKey: .challenges)
    }
}

extension LifetimeCounters {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        cardsReviewed = try container.decode(Int.self, forKey: .cardsReviewed)
        quizAnswers = try container.decodeIfPresent(Int.self, forKey: .quizAnswers) ?? 0
        perfectCards = try container.decode(Int.self, forKey: .perfectCards)
        lateNightReviews = try container.decode(Int.self, forKey: .lateNightReviews)
        sessionsFinished = try container.decode(Int.self, forKey: .sessionsFinished)
        boxesOpened = try container.decode(Int.self, forKey: .boxesOpened)
        exploredTopicIDs = try container.decode(Set<Int64>.self, forKey: .exploredTopicIDs)
        // Before topics studied were told apart, every explored topic came from studying it.
        studiedTopicIDs =
            try container.decodeIfPresent(Set<Int64>.self, forKey: .studiedTopicIDs) ?? exploredTopicIDs
        completedTopicIDs = try container.decode(Set<Int64>.self, forKey: .completedTopicIDs)
    }
}
