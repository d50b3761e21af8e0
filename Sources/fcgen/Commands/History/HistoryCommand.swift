import ArgumentParser
import FCCommandLine
import FCCore
import FCGamification
import FCPipeline
import Foundation

/// `fcgen history`: the learner's study day by day (reviews, new cards, minutes, XP) over a date range.
struct HistoryCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "history",
        abstract: "Show study per day: reviews, new cards, minutes and XP.",
        discussion: """
            Days are the learner's local calendar days (--tz, else the stored zone, else UTC). The default range is \
            the 30 days up to today. Reviews of cards deleted since still count (their XP stays too). Minutes: \
            each review's recorded answer time (at most 5 minutes each) plus each finished quiz's time. The text \
            table leaves out days without study; --json lists every day of the range.
              fcgen history
              fcgen history --from 2026-01-01 --to 2026-03-31 --json
            """
    )

    @OptionGroup var global: GlobalOptions
    @OptionGroup var zone: TimeZoneOption
    @OptionGroup var range: DateRangeOptions

    struct Output: Encodable {
        var schemaVersion = 1
        var history: StudyHistory
    }

    func run() async throws {
        try await global.reportingErrors {
            let context = try await StudyContext(global: global, timeZone: zone.tz)
            let today = LocalDay(containing: CommandIO.currentDate, in: context.day.timeZone)
            let (from, to) = try range.resolve(today: today) { $0.advanced(by: -29) }
            let history = try await context.service.history(user: context.user, from: from, to: to, day: context.day)
            if global.json {
                try Console.json(Output(history: history))
                return
            }
            let totals = history.totals
            var lines = [
                "history of \(history.user) (\(history.timeZone)), \(from) to \(to): \(Plural.count(totals.reviews, "review")) "
                    + "on \(Plural.count(totals.daysStudied, "day")), \(Plural.count(totals.newCards, "new card")), \(totals.minutes) min, "
                    + "\(totals.xp) XP"
            ]
            let active = history.days.filter { $0.reviews > 0 || $0.xp != 0 || $0.seconds > 0 }
            if active.isEmpty {
                lines.append("no study in this range")
            } else {
                var table = TextTable([
                    ("day", .left), ("reviews", .right), ("new", .right), ("minutes", .right), ("xp", .right),
                ])
                for day in active {
                    table.append(["\(day.day)", "\(day.reviews)", "\(day.newCards)", "\(day.minutes)", "\(day.xp)"])
                }
                lines.append(table.render(width: global.tableWidth))
            }
            Console.out(lines.joined(separator: "\n"))
        }
    }
}
