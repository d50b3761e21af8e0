import FCContract
import FCGamification
import FCPipeline
import Foundation

/// A daily challenge with its progress (`fcgen challenges --json`'s challenge, plus `completed`).
struct ChallengeJSON: Encodable {
    var kind: String
    var title: String
    var description: String
    var day: String
    var target: Int
    var progress: Int
    var xp: Int
    var completed: Bool
    var completedAt: Date?
    var expiresAt: Date

    init(_ challenge: DailyChallenge) {
        kind = challenge.kind.rawValue
        title = challenge.title
        description = challenge.description
        day = challenge.day.description
        target = challenge.target
        progress = challenge.progress
        xp = challenge.xp
        completed = challenge.isCompleted
        completedAt = challenge.completedAt
        expiresAt = challenge.expiresAt
    }
}

struct ChallengesJSON: Encodable {
    var day: String
    var challenges: [ChallengeJSON]
}

/// An achievement, unlocked (`unlockedAt`) or locked, with how far the learner is along its rule.
struct AchievementProgressJSON: Encodable {
    var id: String
    var title: String
    var description: String
    var emoji: String
    var xp: Int
    var rarity: String
    var category: String
    var unlocked: Bool
    var unlockedAt: Date?
    var progress: Int
    var target: Int

    init(_ status: AchievementStatus, state: GamificationState) {
        let definition = status.definition
        id = definition.id.rawValue
        title = definition.title
        description = definition.description
        emoji = definition.emoji
        xp = definition.xp
        rarity = definition.rarity.rawValue
        category = definition.category.rawValue
        unlocked = status.unlockedAt != nil
        unlockedAt = status.unlockedAt
        (progress, target) = definition.rule.progress(in: state, unlocked: unlocked)
    }
}

struct AchievementsJSON: Encodable {
    var unlocked: Int
    var total: Int
    var achievements: [AchievementProgressJSON]
}

struct BoxesJSON: Encodable {
    var unopened: Int
    var boxes: [BoxJSON]
}

/// What an event paid (`rewards` of `fcgen boxes open --json`).
struct RewardsJSON: Encodable {
    struct Level: Encodable {
        var level: Int
        var totalXP: Int
        var levelStartXP: Int
        var nextLevelXP: Int
    }

    struct Box: Encodable {
        var id: String
        var rarity: String
        var xp: Int?
    }

    struct Achievement: Encodable {
        var id: String
        var title: String
        var emoji: String
        var xp: Int
    }

    var xpGained: Int
    var totalXP: Int
    var level: Level
    var levelsReached: [Int]
    var challengesCompleted: [Rewards.CompletedChallenge]
    var boxesOpened: [Box]
    var achievementsUnlocked: [Achievement]

    init(_ rewards: Rewards) {
        xpGained = rewards.xpGained
        totalXP = rewards.totalXP
        level = Level(
            level: rewards.level.level, totalXP: rewards.level.totalXP, levelStartXP: rewards.level.levelStartXP,
            nextLevelXP: rewards.level.nextLevelXP)
        levelsReached = rewards.levelsReached
        challengesCompleted = rewards.challengesCompleted
        boxesOpened = rewards.boxesOpened.map { Box(id: $0.id, rarity: $0.rarity, xp: $0.xp) }
        achievementsUnlocked = rewards.achievementsUnlocked.map {
            Achievement(id: $0.id.rawValue, title: $0.title, emoji: $0.emoji, xp: $0.xp)
        }
    }
}

/// `POST /v1/boxes/{id}/open`: the box as stored after opening, what this call paid, and whether it had been
/// opened before (then `rewards.xpGained` is 0 and the box shows its first opening).
struct BoxOpenedJSON: Encodable {
    var box: BoxJSON
    var alreadyOpened: Bool
    var rewards: RewardsJSON
}

/// `POST /v1/boxes/open-all`: the boxes this call opened and what they paid.
struct BoxesOpenedJSON: Encodable {
    var opened: [BoxJSON]
    var rewards: RewardsJSON
}
