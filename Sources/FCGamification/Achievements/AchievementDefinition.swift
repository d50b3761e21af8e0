/// One achievement: what the learner sees, what it pays, and the rule that unlocks it.
public struct AchievementDefinition: Sendable, Hashable, Codable, Identifiable {
    public var id: AchievementID
    public var title: String
    public var description: String
    public var emoji: String
    /// XP paid once, when unlocked.
    public var xp: Int
    public var rarity: Rarity
    public var category: AchievementCategory
    public var rule: AchievementRule

    public init(
        id: AchievementID, title: String, description: String, emoji: String, xp: Int, rarity: Rarity,
        category: AchievementCategory, rule: AchievementRule
    ) {
        self.id = id
        self.title = title
        self.description = description
        self.emoji = emoji
        self.xp = xp
        self.rarity = rarity
        self.category = category
        self.rule = rule
    }

    /// The eight built-in achievements.
    public static let defaults: [AchievementDefinition] = [
        AchievementDefinition(
            id: .firstSteps, title: "First Steps", description: "Review your first card.", emoji: "👣", xp: 10,
            rarity: .common, category: .learning, rule: .cardsReviewed(atLeast: 1)),
        AchievementDefinition(
            id: .scholar, title: "Scholar", description: "Review 100 cards (each card counts once a day).",
            emoji: "🎓", xp: 50, rarity: .rare, category: .learning, rule: .cardsReviewed(atLeast: 100)),
        AchievementDefinition(
            id: .speedDemon, title: "Speed Demon",
            description:
                "Finish a session of at least 20 cards averaging 5 seconds or less per card, with 80 % of them right.",
            emoji: "⚡", xp: 50, rarity: .epic, category: .mastery,
            rule: .fastSession(minimumCards: 20, maximumSecondsPerCard: 5, minimumAccuracy: 0.8)),
        AchievementDefinition(
            id: .nightOwl, title: "Night Owl", description: "Review 5 cards between 23:00 and 04:00 local time.",
            emoji: "🦉", xp: 20, rarity: .rare, category: .learning, rule: .lateNightReviews(atLeast: 5)),
        AchievementDefinition(
            id: .explorer, title: "Explorer", description: "Study 10 different topics.", emoji: "🧭", xp: 50,
            rarity: .rare, category: .exploration, rule: .topicsStudied(atLeast: 10)),
        AchievementDefinition(
            id: .perfectionist, title: "Perfectionist",
            description: "Finish a session of at least 10 cards with every card right on the first try.", emoji: "💎",
            xp: 50, rarity: .epic, category: .mastery, rule: .perfectSession(minimumCards: 10)),
        AchievementDefinition(
            id: .dedicated, title: "Dedicated", description: "Study 7 days in a row.", emoji: "📅", xp: 70,
            rarity: .rare, category: .streak, rule: .streak(atLeastDays: 7)),
        AchievementDefinition(
            id: .unstoppable, title: "Unstoppable", description: "Study 30 days in a row.", emoji: "🔥", xp: 300,
            rarity: .legendary, category: .streak, rule: .streak(atLeastDays: 30)),
    ]
}
