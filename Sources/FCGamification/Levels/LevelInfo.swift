/// Where a total XP sits on the level curve: the level, XP into it and XP still needed for the next.
///
/// Total XP is the single source of truth; the level is always derived from it.
///
/// ```swift
/// let info = LevelInfo(totalXP: 350)   // level 3 (300 XP), 50 into it, 250 to level 4 (600 XP)
/// LevelInfo.levelsReached(from: 90, to: 320)  // 2...3
/// ```
public struct LevelInfo: Sendable, Hashable, Codable {
    /// The learner's total XP.
    public var totalXP: Int
    /// The current level, 1 or more.
    public var level: Int
    /// The total XP at which the current level was reached.
    public var levelStartXP: Int
    /// The total XP at which the next level is reached.
    public var nextLevelXP: Int

    /// Where `totalXP` sits on `curve`.
    public init(totalXP: Int, curve: LevelCurve = .default) {
        self.totalXP = totalXP
        level = curve.level(forXP: totalXP)
        levelStartXP = curve.xpToReach(level: level)
        nextLevelXP = curve.xpToReach(level: level + 1)
    }

    /// XP earned since the current level was reached.
    public var xpIntoLevel: Int { max(0, totalXP - levelStartXP) }
    /// XP still needed for the next level.
    public var xpToNextLevel: Int { max(0, nextLevelXP - totalXP) }
    /// The width of the current level in XP.
    public var levelSpan: Int { max(0, nextLevelXP - levelStartXP) }

    /// How full the XP bar is, 0 ..< 1.
    public var progress: Double {
        levelSpan == 0 ? 0 : min(1, Double(xpIntoLevel) / Double(levelSpan))
    }

    /// The levels newly reached when total XP goes from `oldXP` to `newXP`; `nil` when there is no level-up.
    public static func levelsReached(from oldXP: Int, to newXP: Int, curve: LevelCurve = .default) -> ClosedRange<Int>?
    {
        let old = curve.level(forXP: oldXP)
        let new = curve.level(forXP: newXP)
        return new > old ? (old + 1)...new : nil
    }
}
