import ArgumentParser
import FCCommandLine
import FCContract
import FCCore
import FCPipeline
import FCStore
import Foundation

/// `fcgen stats`: reviews, days practised, streaks, progress and retention.
struct StatsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stats",
        abstract: "Show study statistics: reviews, days practised, streaks, progress, retention.",
        discussion: """
            Days and streaks are the learner's local calendar days (--tz, else the stored zone, else UTC). \
            Progress is the share of a topic's cards that are known: in long-term review with a stability of \
            at least 21 days (Leitner: box 4 or higher). Retention is the share of reviews not failed.
              fcgen stats --topic "Roman history" --json
            """
    )

    @OptionGroup var global: GlobalOptions
    @OptionGroup var zone: TimeZoneOption

    @Option(help: ArgumentHelp("Only this topic.", valueName: "name"))
    var topic: String?

    struct Output: Encodable {
        /// ``FCPipeline/StudyStatistics``, its recent sessions in the shape every session has (``SessionView``).
        var statistics: JSONValue
    }

    func run() async throws {
        try await global.reportingErrors {
            let context = try await StudyContext(global: global, timeZone: zone.tz)
            var topicID: Int64?
            if let topic { topicID = try await global.requireTopic(topic, in: context.store).id }
            let stats = try await context.service.statistics(user: context.user, topicID: topicID, day: context.day)
            if global.json {
                var statistics = try ContractJSON.tree(stats)
                statistics["recentSessions"] = try ContractJSON.tree(stats.recentSessions.map(SessionView.init))
                try Console.json(Output(statistics: statistics))
                return
            }
            let colour = ProgressColour.isEnabled
            var table = TextTable([
                ("topic", .left), ("algorithm", .left), ("cards", .right), ("known", .right), ("progress", .right),
                ("reviews", .right), ("days", .right), ("retention", .right),
            ])
            for topic in stats.topics {
                table.append([
                    topic.name, topic.algorithm, "\(topic.cards)", "\(topic.known)", percent(topic.progress),
                    "\(topic.reviews)", "\(topic.daysPractised)",
                    "\(topic.retention.map(percent) ?? "-") / \(topic.targetRetention.map(percent) ?? "-")",
                ])
            }
            let text = table.render(width: global.tableWidth)
            // Colour after layout (escape codes must not count as width) and after escaping (Console.out's
            // styling): only fcgen's own colour codes reach the terminal.
            let paint: (String) -> String = { rendered in
                var painted = rendered
                for topic in stats.topics {
                    let plain = percent(topic.progress)
                    painted = painted.replacingOccurrences(
                        of: "  \(plain)  ", with: "  \(ProgressColour.paint(plain, progress: topic.progress))  ")
                }
                return painted
            }
            var lines = [
                "learner \(stats.user) (\(stats.timeZone)): \(Plural.count(stats.totalReviews, "review")) on "
                    + "\(Plural.count(stats.daysPractised, "day")); streak \(Plural.count(stats.streaks.current, "day")) (longest \(stats.streaks.longest)); retention "
                    + "\(stats.retention.map(percent) ?? "-")",
                "", text,
            ]
            if !stats.recentSessions.isEmpty {
                lines.append("\nrecent sessions:")
                for session in stats.recentSessions {
                    lines.append(
                        "  \(Timestamp.format(session.startedAt))  \(session.mode.rawValue)  "
                            + SessionView(session).summaryLine)
                }
            }
            Console.out(lines.joined(separator: "\n"), styling: colour ? paint : nil)
        }
    }

    private func percent(_ value: Double) -> String {
        "\(Int((value * 100).rounded()))%"
    }
}

/// The red → green scale for progress in a terminal (green above 95 %).
enum ProgressColour {
    /// Colour only on a terminal, and never with `NO_COLOR` set (https://no-color.org).
    static var isEnabled: Bool {
        let noColour = CommandIO.environment["NO_COLOR"].map { !$0.isEmpty } ?? false
        return CommandIO.isTerminal(STDOUT_FILENO) && !noColour
    }

    /// `text` in a 24-bit colour from red (0 %) through yellow to green (above 95 %).
    static func paint(_ text: String, progress: Double) -> String {
        let (red, green) = rgb(progress)
        return "\u{1B}[38;2;\(red);\(green);0m\(text)\u{1B}[0m"
    }

    static func rgb(_ progress: Double) -> (Int, Int) {
        if progress > 0.95 { return (0, 200) }
        let p = min(max(progress / 0.95, 0), 1)
        return p < 0.5 ? (220, Int(440 * p)) : (Int(440 * (1 - p)), 220)
    }
}
