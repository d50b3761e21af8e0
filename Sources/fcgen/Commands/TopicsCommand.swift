import ArgumentParser
import FCCommandLine
import FCCore
import FCPipeline
import FCStore
import Foundation

/// `fcgen topics`: every topic with its card and batch counts.
struct TopicsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "topics",
        abstract: "List topics with their card and batch counts.",
        discussion: "Example: fcgen topics --json"
    )

    @OptionGroup var global: GlobalOptions

    struct Output: Encodable {
        var topics: [TopicSummary]
    }

    func run() async throws {
        try await global.reportingErrors {
            let store = try await global.openStore()
            let topics = try await Topics.summaries(on: store)
            if global.json {
                try Console.json(Output(topics: topics))
                return
            }
            var table = TextTable([
                ("id", .right), ("topic", .left), ("cards", .right), ("batches", .right), ("last batch", .left),
            ])
            for topic in topics {
                table.append([
                    "\(topic.id)", topic.name, "\(topic.cardCount)", "\(topic.batchCount)",
                    topic.lastBatchAt.map(Timestamp.format) ?? "-",
                ])
            }
            Console.out(
                topics.isEmpty
                    ? "no topics yet — try: fcgen --topic \"Roman history\" --batches 3 --offline"
                    : table.render(width: global.tableWidth))
        }
    }
}

extension GlobalOptions {
    /// Opens the store the settings point at, which must exist: commands that only read or change stored data
    /// report a mistyped `--db` instead of creating a new, empty database there.
    func openStore() async throws -> Store {
        try await Store.open(existingAt: try loadSettings().settings.databasePath, now: CommandIO.now)
    }

    /// Opens the store the settings point at, creating it (and its directory) if needed: for commands that store
    /// something new (import, card add, topic add, user set).
    func openOrCreateStore() async throws -> Store {
        try await Store.open(path: try loadSettings().settings.databasePath, now: CommandIO.now)
    }

    /// Looks a topic up by name, or fails (`not_found`) with a message that says how to find names.
    func requireTopic(_ name: String, in store: Store) async throws -> Topic {
        guard let topic = try await Topics.named(on: store, name) else { throw PipelineError.topicNotFound(name: name) }
        return topic
    }
}

/// Checks a topic name given on the command line against the rules every topic name follows
/// (``FCCore/TopicNameRule``), so a bad one is a usage error (64) naming the argument, before anything is opened.
func validateTopicName(_ name: String, argument: String) throws {
    if let problem = TopicNameRule.problem(with: name) { throw ValidationError("\(argument): \(problem)") }
}
