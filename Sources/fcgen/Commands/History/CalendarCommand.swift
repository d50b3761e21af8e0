import ArgumentParser
import FCCommandLine
import FCCore
import FCGamification
import FCPipeline
import Foundation

/// `fcgen calendar`: a GitHub-style heat map of reviews per day in the terminal.
struct CalendarCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "calendar",
        abstract: "Draw a heat map of reviews per day in the terminal.",
        discussion: """
            Each cell is one of the learner's local days (--tz, else the stored zone, else UTC), shaded by its \
            reviews: · none, then ░ ▒ ▓ █ in quarters of the busiest day's count (--ascii: . - + * #). Month \
            names sit over the week a month starts in. The default range is the 53 weeks up to today. --json \
            gives the per-day counts and shades.
              fcgen calendar
              fcgen calendar --from 2026-01-01 --to 2026-06-30 --ascii
            """
    )

    @OptionGroup var global: GlobalOptions
    @OptionGroup var zone: TimeZoneOption
    @OptionGroup var range: DateRangeOptions

    @Flag(help: "Shade with plain ASCII (. - + * #) instead of Unicode blocks.")
    var ascii = false

    struct Output: Encodable {
        var schemaVersion = 1
        var calendar: CalendarData
    }

    struct CalendarData: Encodable {
        var user: String
        var timeZone: String
        var from: LocalDay
        var to: LocalDay
        /// The busiest day's reviews: the top of the scale.
        var maximum: Int
        var days: [Day]
    }

    struct Day: Encodable {
        var day: LocalDay
        var reviews: Int
        /// The shade, 0 (none) to 4 (a day in the top quarter of the busiest day's count).
        var level: Int
    }

    func run() async throws {
        try await global.reportingErrors {
            let context = try await StudyContext(global: global, timeZone: zone.tz)
            let today = LocalDay(containing: CommandIO.currentDate, in: context.day.timeZone)
            // 53 columns like GitHub's: the week of `to` and the 52 before it, from their Monday.
            let (from, to) = try range.resolve(today: today) { to in
                to.advanced(by: -52 * 7 - HeatMap.weekday(to))
            }
            let history = try await context.service.history(user: context.user, from: from, to: to, day: context.day)
            let map = HeatMap(
                from: from, to: to, counts: Dictionary(uniqueKeysWithValues: history.days.map { ($0.day, $0.reviews) }),
                ascii: ascii)
            let maximum = map.maximum
            if global.json {
                let days = history.days.map {
                    Day(day: $0.day, reviews: $0.reviews, level: HeatMap.level($0.reviews, maximum: maximum))
                }
                try Console.json(
                    Output(
                        calendar: CalendarData(
                            user: history.user, timeZone: history.timeZone, from: from, to: to, maximum: maximum,
                            days: days)))
                return
            }
            Console.out(
                "reviews of \(history.user) (\(history.timeZone)), \(from) to \(to): \(history.totals.reviews) on "
                    + "\(Plural.count(history.totals.daysStudied, "day"))\n" + map.render())
        }
    }
}
