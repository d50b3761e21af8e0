/// The stable identifier of an achievement, e.g. `first_steps`; it is the reference in the award's idempotency key.
public struct AchievementID: RawRepresentable, Sendable, Hashable, Codable, CodingKeyRepresentable, Comparable,
    ExpressibleByStringLiteral, CustomStringConvertible
{
    public var rawValue: String

    public init(rawValue: String) { self.rawValue = rawValue }
    public init(stringLiteral value: String) { rawValue = value }

    public var description: String { rawValue }
    public static func < (lhs: AchievementID, rhs: AchievementID) -> Bool { lhs.rawValue < rhs.rawValue }

    public static let firstSteps: AchievementID = "first_steps"
    public static let scholar: AchievementID = "scholar"
    public static let speedDemon: AchievementID = "speed_demon"
    public static let nightOwl: AchievementID = "night_owl"
    public static let explorer: AchievementID = "explorer"
    public static let perfectionist: AchievementID = "perfectionist"
    public static let dedicated: AchievementID = "dedicated"
    public static let unstoppable: AchievementID = "unstoppable"
}

/// The family an achievement belongs to.
public enum AchievementCategory: String, Sendable, Codable, CaseIterable, Hashable {
    case learning
    case streak
    case exploration
    case mastery
}
