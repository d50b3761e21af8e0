import ArgumentParser
import FCCore
import FCGamification
import FCPipeline

/// `--from` and `--to`: a range of the learner's local days, both included.
struct DateRangeOptions: ParsableArguments {
    @Option(help: ArgumentHelp("The first day (default: depends on the command).", valueName: "YYYY-MM-DD"))
    var from: String?

    @Option(help: ArgumentHelp("The last day, included (default: the learner's today).", valueName: "YYYY-MM-DD"))
    var to: String?

    func validate() throws {
        for (flag, value) in [("--from", from), ("--to", to)] {
            if let value, LocalDay(value) == nil {
                throw ValidationError("\(flag): expected a date YYYY-MM-DD, got \"\(value)\"")
            }
        }
        if let from = from.flatMap(LocalDay.init), let to = to.flatMap(LocalDay.init),
            let problem = Self.problem(from: from, to: to)
        {
            throw ValidationError(problem)
        }
    }

    /// The range: `--to` or `today`; `--from` or `defaultFrom(to)`.
    ///
    /// - Throws: ``PipelineError/setting(_:)`` (exit 64) when the range is reversed or longer than a history
    ///   covers.
    func resolve(today: LocalDay, defaultFrom: (LocalDay) -> LocalDay) throws -> (from: LocalDay, to: LocalDay) {
        let to = to.flatMap(LocalDay.init) ?? today
        let from = from.flatMap(LocalDay.init) ?? defaultFrom(to)
        if let problem = Self.problem(from: from, to: to) { throw PipelineError.setting(problem) }
        return (from, to)
    }

    /// What is wrong with the range, if anything.
    private static func problem(from: LocalDay, to: LocalDay) -> String? {
        guard from <= to else { return "--from \(from) is after --to \(to)" }
        let days = from.distance(to: to) + 1
        guard days <= StudyService.maximumHistoryDays else {
            return "--from \(from) --to \(to): \(Plural.count(days, "day")); a history covers at most "
                + "\(StudyService.maximumHistoryDays) days"
        }
        return nil
    }
}
