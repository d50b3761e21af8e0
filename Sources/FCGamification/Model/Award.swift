public import Foundation

/// Something an event earned: XP, a box, an achievement, a completed challenge or a new level.
///
/// Every award carries an idempotency ``key`` (`kind:reference`, user-independent). Store awards with
/// `UNIQUE(user_id, key)` and `INSERT OR IGNORE` in the same transaction as the event, so a replayed or retried
/// event never pays twice.
///
/// | reason | key |
/// | --- | --- |
/// | card | `xp:card:<cardID>:<day>` |
/// | streak bonus | `xp:streak:<day>` |
/// | topic completed | `xp:topic:<topicID>` |
/// | challenge completed | `challenge:<day>:<kind>` |
/// | box earned | `box:<sessionID>:<n>` |
/// | box opened | `box_open:<sessionID>:<n>` |
/// | achievement | `achievement:<id>` |
/// | level reached | `level:<n>` |
public struct Award: Sendable, Hashable, Codable {
    /// Why it was paid.
    public var reason: AwardReason
    /// XP paid (0 for boxes earned and levels reached, which only announce).
    public var xp: Int
    /// The learner's local day it was earned on (for daily stats).
    public var day: LocalDay
    /// The instant of the event that earned it.
    public var earnedAt: Date

    public init(reason: AwardReason, xp: Int, day: LocalDay, earnedAt: Date) {
        self.reason = reason
        self.xp = xp
        self.day = day
        self.earnedAt = earnedAt
    }

    /// The kind column: `xp:card`, `xp:streak`, `xp:topic`, `challenge`, `box`, `box_open`, `achievement`, `level`.
    public var kind: String {
        switch reason {
        case .card: "xp:card"
        case .streakBonus: "xp:streak"
        case .topicCompleted: "xp:topic"
        case .challengeCompleted: "challenge"
        case .boxEarned: "box"
        case .boxOpened: "box_open"
        case .achievementUnlocked: "achievement"
        case .levelReached: "level"
        }
    }

    /// The reference column: what the award is about, scoped so the kind and reference are unique per learner.
    public var reference: String {
        switch reason {
        case .card(let cardID, _): "\(cardID):\(day)"
        case .streakBonus: day.description
        case .topicCompleted(let topicID): String(topicID)
        case .challengeCompleted(let challenge): "\(challenge.day):\(challenge.kind.rawValue)"
        case .boxEarned(let box): box.id
        case .boxOpened(let box): box.id
        case .achievementUnlocked(let id): id.rawValue
        case .levelReached(let level): String(level)
        }
    }

    /// `kind:reference`, unique per learner.
    public var key: String { "\(kind):\(reference)" }
}

/// Why an award was paid, with what the store needs to record it.
public enum AwardReason: Sendable, Hashable, Codable {
    /// The first answer of the day to a card.
    case card(cardID: Int64, tier: CardTier)
    /// The first activity of a day that continued the streak; `streak` is its new length.
    case streakBonus(streak: Int)
    /// A topic completed for the first time.
    case topicCompleted(topicID: Int64)
    /// A daily challenge reached its target.
    case challengeCompleted(DailyChallenge)
    /// A box earned by a session (0 XP; opening pays).
    case boxEarned(MysteryBox)
    /// A box opened; the award's XP is its payout.
    case boxOpened(MysteryBox)
    /// An achievement unlocked.
    case achievementUnlocked(AchievementID)
    /// A level reached (0 XP; one award per level crossed).
    case levelReached(Int)
}
