import ArgumentParser
import FCCommandLine
import FCContract
import FCCore
import FCGenerator
import FCPipeline
import FCStore
import Foundation

/// `fcgen topic plan NAME [--regenerate | --edit FILE]`: a topic's outline and where the topic is in it.
struct TopicPlanCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "plan",
        abstract: "Show a topic's outline (subtopics × levels) and the next step; regenerate or replace it.",
        discussion: """
            A topic's first generation asks the model for an outline; each batch takes its next (subtopic, level) \
            step. --regenerate asks the model again (steps earlier batches took stay taken); --edit FILE replaces \
            the outline with a JSON file of the shape --json shows under plan: \
            {"subtopics": [{"name": "…", "levels": [{"level": "foundational", "focus": "…"}]}]}.

            Examples:
              fcgen topic plan "Roman history"
              fcgen topic plan "Roman history" --regenerate --offline
              fcgen topic plan "Roman history" --edit plan.json
            """)

    @OptionGroup var global: GlobalOptions
    @Argument(help: "The topic's name.") var name: String

    @Flag(help: "Ask the model for a new outline.") var regenerate = false
    @Option(help: ArgumentHelp("Replace the outline with this JSON file.", valueName: "file")) var edit: String?

    @Flag(help: "With --regenerate: the recorded outlines built into fcgen, no network.") var offline = false
    @Option(help: ArgumentHelp("With --regenerate: LLM provider.", valueName: "openai|gemini|anthropic|fixture"))
    var provider: String?
    @Option(help: ArgumentHelp("With --regenerate: model name.", valueName: "name")) var model: String?
    @Option(help: ArgumentHelp("With --regenerate: provider endpoint.", valueName: "url")) var baseURL: String?
    @Option(
        help: ArgumentHelp(
            "With --regenerate: stop (exit 3) when the request's worst case would cost more US dollars than this.",
            valueName: "usd"))
    var maxCost: Double?

    func validate() throws {
        try validateTopicName(name, argument: "the topic name")
        if regenerate, edit != nil { throw ValidationError("give either --regenerate or --edit") }
        if let maxCost, !(maxCost > 0 && maxCost <= Money.largestBudget) {
            throw ValidationError("--max-cost must be greater than 0 and at most 1000000 (US dollars, e.g. 0.50)")
        }
        if !regenerate, offline || provider != nil || model != nil || baseURL != nil || maxCost != nil {
            throw ValidationError("--offline, --provider, --model, --base-url and --max-cost go with --regenerate")
        }
        if offline, let provider, provider != "fixture" {
            throw ValidationError("--offline uses the fixture provider; drop --provider \(provider)")
        }
        if let provider, !["openai", "gemini", "anthropic", "fixture"].contains(provider) {
            throw ValidationError("--provider must be one of openai, gemini, anthropic, fixture")
        }
    }

    func run() async throws {
        try await global.reportingErrors {
            let store = try await global.openStore()
            let topic = try await global.requireTopic(name, in: store)
            if let edit {
                _ = try await TopicPlanReport.replacePlan(on: store, topic: topic, path: edit)
            } else if regenerate {
                try await regenerateOutline(topic)
            }
            let report = try await TopicPlanReport.load(on: store, topic: topic)
            if global.json {
                try Console.json(report)
            } else {
                Console.out(TopicPlanView(report: report).render())
            }
        }
    }

    private func regenerateOutline(_ topic: Topic) async throws {
        var flags = ConfigLayer()
        flags.provider = offline ? "fixture" : provider
        flags.model = model
        flags.baseURL = baseURL
        let (settings, _) = try global.loadSettings(flags: flags)
        let factory = PipelineFactory(
            settings: settings, environment: CommandIO.environment,
            workingDirectory: global.workingDirectory)
        let logger = global.logger()
        let budget = try maxCost.map { try factory.runBudget(maxCost: $0) }
        try await HTTPClientTransport.withTransport(maxConnectionsPerHost: 1) { transport in
            let pipeline = try await factory.makePipeline(
                transport: transport, clock: ContinuousClock(),
                random: RandomSource(seed: UInt64.random(in: .min ... .max)), now: CommandIO.now,
                events: { logger.log($0) })
            _ = try await pipeline.regenerateOutline(topic: topic, budget: budget)
        }
    }
}
