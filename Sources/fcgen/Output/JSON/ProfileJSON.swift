import FCGamification
import Foundation

/// `fcgen profile --json`'s profile: ``ProfileSummary`` with its ids spelled `Id` as every document spells them
/// (docs/json.md). A view of its own because the summary's boxes are ``MysteryBox``es, whose `Codable` form is the
/// stored gamification state's (`sessionID`), which must not change under existing databases.
struct ProfileJSON: Encodable {
    /// An unopened box as the profile lists it.
    struct Box: Encodable {
        var id: String
        var sessionId: Int64
        var ordinal: Int
        var rarity: Rarity
        var earnedAt: Date
    }

    var learnerId: Int64
    var day: LocalDay
    var level: LevelInfo
    var xpBarFraction: Double
    var currentStreak: Int
    var longestStreak: Int
    var xpToday: Int
    var challenges: [DailyChallenge]
    var unopenedBoxes: [Box]
    var achievementsUnlocked: Int
    var achievementsTotal: Int

    init(_ profile: ProfileSummary) {
        learnerId = profile.learnerID
        day = profile.day
        level = profile.level
        xpBarFraction = profile.xpBarFraction
        currentStreak = profile.currentStreak
        longestStreak = profile.longestStreak
        xpToday = profile.xpToday
        challenges = profile.challenges
        unopenedBoxes = profile.unopenedBoxes.map {
            Box(id: $0.id, sessionId: $0.sessionID, ordinal: $0.ordinal, rarity: $0.rarity, earnedAt: $0.earnedAt)
        }
        achievementsUnlocked = profile.achievementsUnlocked
        achievementsTotal = profile.achievementsTotal
    }
}
