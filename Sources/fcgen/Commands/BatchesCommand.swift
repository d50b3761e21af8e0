import ArgumentParser
import FCCore
import FCPipeline
import FCStore

/// `fcgen batches --topic T`: what each generation call of a topic produced.
struct BatchesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "batches",
        abstract: "List a topic's batches: plan, outcome, cards kept and dropped, tokens, latency.",
        discussion: "Example: fcgen batches --topic \"Roman history\""
    )

    @OptionGroup var global: GlobalOptions

    @Option(help: ArgumentHelp("The topic whose batches to list.", valueName: "name"))
    var topic: String

    struct Output: Encodable {
        var topic: String
        var batches: [BatchRecord]
    }

    func run() async throws {
        try await global.reportingErrors {
            let store = try await global.openStore()
            let found = try await global.requireTopic(topic, in: store)
            let batches = try await BatchStorage.list(on: store, topicID: found.id)
            if global.json {
                try Console.json(Output(topic: found.name, batches: batches))
                return
            }
            var table = TextTable([
                ("batch", .right), ("aspect", .left), ("depth", .left), ("outcome", .left), ("kept", .right),
                ("dropped", .right), ("provider", .left), ("model", .left), ("tokens in/out", .right), ("ms", .right),
                ("created", .left),
            ])
            for batch in batches {
                table.append([
                    "\(batch.plan.number)", batch.plan.aspect, batch.plan.depth.rawValue, batch.outcome.rawValue,
                    "\(batch.cardsKept)", "\(batch.dropped.values.reduce(0, +))", batch.provider, batch.model,
                    "\(batch.usage.input.map(String.init) ?? "-")/\(batch.usage.output.map(String.init) ?? "-")",
                    "\(batch.latencyMilliseconds)", Timestamp.format(batch.createdAt),
                ])
            }
            Console.out(table.render(width: global.tableWidth))
        }
    }
}
