import ArgumentParser
import FCCore
import FCGamification
import FCPipeline
import FCStore
import Foundation

/// `fcgen profile`: level, XP bar, streaks, today's challenges and unopened boxes.
struct ProfileCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "profile",
        abstract: "Show your level, XP, streaks, today's challenges and unopened boxes.",
        discussion: """
            Days are the learner's local calendar days (their stored time zone, else UTC).
              fcgen profile --user ana --json
            """
    )

    @OptionGroup var global: GlobalOptions

    struct Output: Encodable {
        var user: String
        var profile: ProfileJSON
    }

    func run() async throws {
        try await global.reportingErrors {
            let context = try await StudyContext(global: global)
            let profile = try await context.game.profile(of: context.user)
            if global.json {
                try Console.json(Output(user: context.user.name, profile: ProfileJSON(profile)))
                return
            }
            var lines = [
                "\(context.user.name) — level \(profile.level.level)  \(RewardsText.bar(profile.xpBarFraction)) "
                    + "\(profile.level.xpIntoLevel)/\(profile.level.levelSpan) XP (total \(profile.level.totalXP), "
                    + "\(profile.level.xpToNextLevel) to level \(profile.level.level + 1))",
                "streak: \(Plural.count(profile.currentStreak, "day")) (longest \(profile.longestStreak)); XP today: \(profile.xpToday); "
                    + "achievements: \(profile.achievementsUnlocked)/\(profile.achievementsTotal)",
                "", "today's challenges (\(profile.day)):",
            ]
            lines += profile.challenges.map { "  " + RewardsText.challenge($0) }
            lines.append("")
            if profile.unopenedBoxes.isEmpty {
                lines.append("no unopened boxes")
            } else {
                let rarities = profile.unopenedBoxes.map(\.rarity.rawValue).joined(separator: ", ")
                lines.append("\(profile.unopenedBoxes.count) unopened boxes (\(rarities)): fcgen boxes open --all")
            }
            Console.out(lines.joined(separator: "\n"))
        }
    }
}

/// `fcgen challenges`: today's (or a day's) three challenges with progress.
struct ChallengesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "challenges", abstract: "Show today's daily challenges and their progress.")

    @OptionGroup var global: GlobalOptions

    @Option(help: ArgumentHelp("A local day (default: today).", valueName: "YYYY-MM-DD"))
    var day: String?

    struct Output: Encodable {
        var user: String
        var challenges: [DailyChallenge]
    }

    func validate() throws {
        if let day, LocalDay(day) == nil { throw ValidationError("--day: expected YYYY-MM-DD, got \"\(day)\"") }
    }

    func run() async throws {
        try await global.reportingErrors {
            let context = try await StudyContext(global: global)
            let challenges = try await context.game.challenges(of: context.user, on: day.flatMap(LocalDay.init))
            if global.json {
                try Console.json(Output(user: context.user.name, challenges: challenges))
                return
            }
            let expiry = challenges.first.map { " (expires \(Timestamp.format($0.expiresAt)))" } ?? ""
            let title = "challenges for \(challenges.first?.day.description ?? day ?? "today")\(expiry):"
            Console.out(([title] + challenges.map { "  " + RewardsText.challenge($0) }).joined(separator: "\n"))
        }
    }
}

/// `fcgen achievements`: every achievement, unlocked or not.
struct AchievementsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "achievements", abstract: "List achievements: unlocked (with when) and still locked.")

    @OptionGroup var global: GlobalOptions

    struct Output: Encodable {
        var user: String
        var achievements: [AchievementJSON]
    }

    func run() async throws {
        try await global.reportingErrors {
            let context = try await StudyContext(global: global)
            let achievements = try await context.game.achievements(of: context.user)
            if global.json {
                try Console.json(
                    Output(
                        user: context.user.name,
                        achievements: achievements.map { AchievementJSON($0.definition, unlockedAt: $0.unlockedAt) }))
                return
            }
            var table = TextTable([
                ("", .left), ("achievement", .left), ("rarity", .left), ("category", .left), ("xp", .right),
                ("unlocked", .left), ("how", .left),
            ])
            for status in achievements {
                let definition = status.definition
                table.append([
                    definition.emoji, definition.title, definition.rarity.rawValue, definition.category.rawValue,
                    "\(definition.xp)", status.unlockedAt.map(Timestamp.format) ?? "-", definition.description,
                ])
            }
            Console.out(table.render(width: global.tableWidth))
        }
    }
}
