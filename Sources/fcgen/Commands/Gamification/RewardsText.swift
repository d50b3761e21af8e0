import FCGamification
import FCPipeline

/// Text for what a session (or an answer, or opening boxes) earned.
enum RewardsText {
    /// "+185 XP (level 3, 85/700 to level 4)", then level-ups, challenges, boxes and achievements, one per line.
    static func lines(_ rewards: Rewards) -> [String] {
        var lines = ["+\(rewards.xpGained) XP — \(levelLine(rewards.level))"]
        for level in rewards.levelsReached { lines.append("⬆ Level up! You reached level \(level).") }
        for challenge in rewards.challengesCompleted {
            lines.append("✔ Challenge completed: \(challenge.title) (+\(challenge.xp) XP)")
        }
        if !rewards.boxesEarned.isEmpty {
            let rarities = rewards.boxesEarned.map(\.rarity).joined(separator: ", ")
            lines.append(
                "🎁 \(rewards.boxesEarned.count) mystery boxes earned (\(rarities)); open them: fcgen boxes open --all")
        }
        for box in rewards.boxesOpened { lines.append("🎁 box \(box.id) (\(box.rarity)): +\(box.xp ?? 0) XP") }
        for achievement in rewards.achievementsUnlocked {
            lines.append("\(achievement.emoji) Achievement unlocked: \(achievement.title) (+\(achievement.xp) XP)")
        }
        return lines
    }

    /// "level 3, 50/700 XP to level 4, total 1150".
    static func levelLine(_ level: LevelInfo) -> String {
        "level \(level.level), \(level.xpIntoLevel)/\(level.levelSpan) XP to level \(level.level + 1), total \(level.totalXP)"
    }

    /// A 20-character bar: "[#######-------------]".
    static func bar(_ fraction: Double, width: Int = 20) -> String {
        let filled = max(0, min(width, Int((fraction * Double(width)).rounded(.down))))
        return "[" + String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled) + "]"
    }

    /// "Card Master: Review 10 cards — 3/10 (+20 XP)" with a tick when done.
    static func challenge(_ challenge: DailyChallenge) -> String {
        let mark = challenge.isCompleted ? "✔" : "·"
        return "\(mark) \(challenge.title): \(challenge.description) — \(challenge.progress)/\(challenge.target) "
            + "(+\(challenge.xp) XP)"
    }
}
