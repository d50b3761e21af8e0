import ArgumentParser
import FCPipeline
import FCStore
import Foundation

/// `fcgen usage`: what the model requests cost, per UTC day, topic and model, from the usage ledger.
struct UsageCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "usage",
        abstract: "Show tokens, requests and cost per day, topic and model, with totals.",
        discussion: """
            Every request the provider answered counts: stored batches, outlines, and replies that were paid for but \
            not stored. Days are UTC. Costs come from the config's prices at the time of the request; a model \
            without a price shows its requests as unpriced.

            Examples:
              fcgen usage
              fcgen usage --since 2026-11-01 --topic "Roman history" --json
            """)

    @OptionGroup var global: GlobalOptions

    @Option(help: ArgumentHelp("The first UTC day to count (default: everything).", valueName: "YYYY-MM-DD"))
    var since: String?

    @Option(help: ArgumentHelp("Only this topic.", valueName: "name"))
    var topic: String?

    func validate() throws {
        if let since, Self.startOfDay(since) == nil {
            throw ValidationError("--since: expected a date YYYY-MM-DD, got \"\(since)\"")
        }
    }

    /// The `--json` document.
    struct Output: Encodable {
        struct Totals: Encodable {
            var requests = 0
            var inputTokens = 0
            var outputTokens = 0
            var costUSD: Double?
            var unpricedRequests = 0
        }

        var since: String?
        var topic: String?
        var lines: [UsageLine]
        var totals: Totals
    }

    func run() async throws {
        try await global.reportingErrors {
            let store = try await global.openStore()
            let start = since.flatMap(Self.startOfDay) ?? Int64.min
            let lines = try await UsageLedger.report(on: store, since: start, topic: topic)
            var totals = Output.Totals()
            for line in lines {
                totals.requests += line.requests
                totals.inputTokens += line.inputTokens
                totals.outputTokens += line.outputTokens
                totals.unpricedRequests += line.unpricedRequests
                if let cost = line.costUSD { totals.costUSD = (totals.costUSD ?? 0) + cost }
            }
            if global.json {
                try Console.json(Output(since: since, topic: topic, lines: lines, totals: totals))
                return
            }
            var table = TextTable([
                ("day", .left), ("topic", .left), ("model", .left), ("requests", .right), ("tokens in", .right),
                ("tokens out", .right), ("cost", .right),
            ])
            for line in lines {
                table.append([
                    line.day, line.topic, line.model, "\(line.requests)", "\(line.inputTokens)", "\(line.outputTokens)",
                    Self.cost(line.costUSD, unpriced: line.unpricedRequests),
                ])
            }
            table.append([
                "total", "", "", "\(totals.requests)", "\(totals.inputTokens)", "\(totals.outputTokens)",
                Self.cost(totals.costUSD, unpriced: totals.unpricedRequests),
            ])
            Console.out(table.render(width: global.tableWidth))
        }
    }

    /// `$0.0123`, `$0.0123 + 2 unpriced`, or `unknown` when no request of the line has a price.
    static func cost(_ dollars: Double?, unpriced: Int) -> String {
        guard let dollars else { return unpriced > 0 ? "unknown" : Money.text(0) }
        return Money.text(dollars) + (unpriced > 0 ? " + \(unpriced) unpriced" : "")
    }

    /// The first millisecond of a `YYYY-MM-DD` day in UTC, or `nil` when `text` is no such date.
    static func startOfDay(_ text: String) -> Int64? {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
            let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2])
        else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        let components = DateComponents(year: year, month: month, day: day)
        guard components.isValidDate(in: calendar), let date = calendar.date(from: components) else { return nil }
        return Int64((date.timeIntervalSince1970 * 1000).rounded())
    }
}
