import FCGamification
import FCPipeline
import Foundation

/// What an event earned (a review, a session, opened boxes), in every JSON document that reports rewards.
struct RewardsJSON: Encodable {
    struct Level: Encodable {
        var level: Int
        var totalXP: Int
        var levelStartXP: Int
        var nextLevelXP: Int

        init(_ info: LevelInfo) {
            level = info.level
            totalXP = info.totalXP
            levelStartXP = info.levelStartXP
            nextLevelXP = info.nextLevelXP
        }
    }

    var xpGained: Int
    var totalXP: Int
    var level: Level
    var levelsReached: [Int]
    var challengesCompleted: [Rewards.CompletedChallenge]
    var boxesEarned: [Rewards.BoxView]
    var boxesOpened: [Rewards.BoxView]
    var achievementsUnlocked: [AchievementJSON]

    init(_ rewards: Rewards) {
        xpGained = rewards.xpGained
        totalXP = rewards.totalXP
        level = Level(rewards.level)
        levelsReached = rewards.levelsReached
        challengesCompleted = rewards.challengesCompleted
        boxesEarned = rewards.boxesEarned
        boxesOpened = rewards.boxesOpened
        achievementsUnlocked = rewards.achievementsUnlocked.map { AchievementJSON($0) }
    }
}

/// An achievement: what it is and what it pays; `unlockedAt` when listing a learner's achievements. The rule
/// itself is data inside fcgen; `description` says it in words.
struct AchievementJSON: Encodable {
    var id: String
    var title: String
    var description: String
    var emoji: String
    var xp: Int
    var rarity: String
    var category: String
    var unlockedAt: Date?

    init(_ definition: AchievementDefinition, unlockedAt: Date? = nil) {
        id = definition.id.rawValue
        title = definition.title
        description = definition.description
        emoji = definition.emoji
        xp = definition.xp
        rarity = definition.rarity.rawValue
        category = definition.category.rawValue
        self.unlockedAt = unlockedAt
    }
}
