import ArgumentParser
import FCGamification
import FCPipeline
import FCStore
import Foundation

/// `fcgen leaderboard [--day D] [--by cards|topics|xp]`.
struct LeaderboardCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "leaderboard",
        abstract: "Rank every learner in the database for a day (top 50).",
        discussion: """
            Ranks are 1-based; equal values share a rank (1, 2, 2, 4). The current learner is marked with *. The \
            day defaults to the current learner's today (their time zone, else UTC).
              fcgen leaderboard --by xp --day 2024-03-10 --json
            """
    )

    @OptionGroup var global: GlobalOptions

    @Option(help: ArgumentHelp("The local day to rank (default: today).", valueName: "YYYY-MM-DD"))
    var day: String?

    @Option(help: ArgumentHelp("What to rank by.", valueName: "cards|topics|xp"))
    var by: LeaderboardMetric = .cards

    struct Output: Encodable {
        var day: String
        var metric: Leaderboard.Metric
        var entries: [Leaderboard.Entry]
        var currentLearner: Leaderboard.Entry?
    }

    func validate() throws {
        if let day, LocalDay(day) == nil { throw ValidationError("--day: expected YYYY-MM-DD, got \"\(day)\"") }
    }

    func run() async throws {
        try await global.reportingErrors {
            let context = try await StudyContext(global: global)
            let (day, result) = try await context.game.leaderboard(
                for: context.user, day: day.flatMap(LocalDay.init), by: by.metric)
            if global.json {
                try Console.json(
                    Output(
                        day: day.description, metric: result.metric, entries: result.entries,
                        currentLearner: result.currentLearner))
                return
            }
            guard !result.entries.isEmpty else {
                Console.out("no activity on \(day)")
                return
            }
            var table = TextTable([("", .left), ("rank", .right), ("learner", .left), (by.rawValue, .right)])
            for entry in result.entries {
                table.append([entry.isCurrentLearner ? "*" : "", "\(entry.rank)", entry.stats.name, "\(entry.value)"])
            }
            var text = "leaderboard for \(day) by \(by.rawValue):\n" + table.render(width: global.tableWidth)
            if let me = result.currentLearner, !result.entries.contains(where: \.isCurrentLearner) {
                text += "\n…\n* \(me.rank)  \(me.stats.name)  \(me.value)"
            }
            Console.out(text)
        }
    }
}

/// `--by`: the CLI's spelling of ``Leaderboard/Metric``.
enum LeaderboardMetric: String, ExpressibleByArgument, CaseIterable {
    case cards
    case topics
    case xp

    var metric: Leaderboard.Metric {
        switch self {
        case .cards: .cards
        case .topics: .topics
        case .xp: .xp
        }
    }
}
