import ArgumentParser
import FCCommandLine
import FCCore
import FCPipeline
import FCScheduler
import FCStore
import Foundation
import Logging

/// `fcgen topic …`: manage one topic: refill subscription, colour and icon, name, deletion.
struct TopicCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "topic",
        abstract: "Manage a topic: refill policy, scheduling algorithm, colour and icon, rename, delete.",
        discussion: """
            A topic with a refill policy is kept stocked by fcgen-worker: when fewer than --refill-below of its \
            cards are unstudied, a job generates the next batch of --batch-size cards (until --max-batches).

            Examples:
              fcgen topic add "Roman history" --refill-below 20 --batch-size 15 --max-batches 50
              fcgen topic set "Roman history" --refill-below 30
              fcgen topic set "Roman history" --daily-budget 0.50
              fcgen topic show "Roman history" --json
              fcgen topic plan "Roman history"
              fcgen topic set "Roman history" --color red --icon 🏛
              fcgen topic set "Roman history" --algorithm fsrs
              fcgen topic rename "Roman history" "Ancient Rome"
              fcgen topic delete "Ancient Rome" --force
            """,
        subcommands: [
            TopicAddCommand.self, TopicSetCommand.self, TopicShowCommand.self, TopicPlanCommand.self,
            TopicRenameCommand.self, TopicDeleteCommand.self,
        ]
    )
}

/// Refill policy flags shared by `topic add` and `topic set`.
struct PolicyOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Refill when fewer unstudied cards than this remain.", valueName: "n"))
    var refillBelow: Int?

    @Option(help: ArgumentHelp("Cards per refill batch (default: the cards-per-batch setting, 15).", valueName: "n"))
    var batchSize: Int?

    @Option(help: ArgumentHelp("Stop refilling once the topic has this many batches.", valueName: "n"))
    var maxBatches: Int?

    func validate() throws {
        if let refillBelow, !(1...100_000).contains(refillBelow) {
            throw ValidationError("--refill-below must be between 1 and 100000")
        }
        if let batchSize, !(1...100).contains(batchSize) { throw ValidationError("--batch-size must be 1...100") }
        if let maxBatches, maxBatches < 1 { throw ValidationError("--max-batches must be at least 1") }
    }

    var isEmpty: Bool { refillBelow == nil && batchSize == nil && maxBatches == nil }
}

/// `fcgen topic add NAME [policy]`: create the topic (if new) and subscribe it to refills.
struct TopicAddCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add", abstract: "Create a topic, optionally subscribed to refills.")

    @OptionGroup var global: GlobalOptions
    @Argument(help: "The topic's name.") var name: String
    @OptionGroup var policy: PolicyOptions
    @OptionGroup var appearance: AppearanceOptions
    @OptionGroup var budget: TopicBudgetOptions

    func validate() throws {
        try validateTopicName(name, argument: "the topic name")
        if policy.refillBelow == nil, !policy.isEmpty {
            throw ValidationError("--batch-size and --max-batches need --refill-below")
        }
    }

    func run() async throws {
        try await global.reportingErrors {
            let settings = try global.loadSettings().settings
            let store = try await Store.open(path: settings.databasePath, now: CommandIO.now)
            let topic = try await Topics.ensure(on: store, named: name)
            if let refillBelow = policy.refillBelow {
                let newPolicy = TopicPolicy(
                    refillBelow: refillBelow, batchSize: policy.batchSize ?? settings.cardsPerBatch,
                    maxBatches: policy.maxBatches)
                try await Topics.setPolicy(on: store, newPolicy, topicID: topic.id)
            }
            if !appearance.isEmpty {
                let current = try await Topics.appearance(on: store, topicID: topic.id)
                try await Topics.setAppearance(on: store, appearance.applied(to: current), topicID: topic.id)
            }
            try await budget.apply(topicID: topic.id, in: store)
            try await TopicShowCommand.show(topic.id, in: store, json: global.json)
        }
    }
}

/// `fcgen topic set NAME [policy] [--algorithm A]`: change (or end) a topic's refill subscription, its appearance or
/// its scheduling algorithm.
struct TopicSetCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "set",
        abstract: "Change a topic's refill policy, daily budget, scheduling algorithm or appearance.",
        discussion: """
            --algorithm switches the topic's spaced-repetition algorithm. The review log is kept as it is; every \
            learner's card states are rebuilt from it under the new algorithm, in one transaction, so switching \
            back restores them.
            """)

    @OptionGroup var global: GlobalOptions
    @Argument(help: "The topic's name.") var name: String
    @OptionGroup var policy: PolicyOptions

    @Flag(help: "Remove the batch limit.") var noMaxBatches = false
    @Flag(help: "Stop refilling this topic.") var unsubscribe = false
    @OptionGroup var appearance: AppearanceOptions
    @Flag(help: "Remove the colour.") var noColor = false
    @Flag(help: "Remove the icon.") var noIcon = false
    @OptionGroup var budget: TopicBudgetOptions
    @Option(
        help: ArgumentHelp(
            "The scheduling algorithm; states are rebuilt from the review log.", valueName: "badger|fsrs|leitner"),
        transform: SchedulingAlgorithm.parse)
    var algorithm: SchedulingAlgorithm?

    private var changesAppearance: Bool { !appearance.isEmpty || noColor || noIcon }
    private var changesPolicy: Bool { unsubscribe || !policy.isEmpty || noMaxBatches }

    func validate() throws {
        if unsubscribe, !policy.isEmpty || noMaxBatches {
            throw ValidationError("--unsubscribe takes no other policy options")
        }
        if noMaxBatches, policy.maxBatches != nil {
            throw ValidationError("give either --max-batches or --no-max-batches")
        }
        if !changesPolicy, !changesAppearance, algorithm == nil, budget.isEmpty {
            throw ValidationError(
                "nothing to change: give --refill-below, --batch-size, --max-batches, --unsubscribe, --algorithm, "
                    + "--daily-budget, --color or --icon")
        }
        if noColor, appearance.color != nil { throw ValidationError("give either --color or --no-color") }
        if noIcon, appearance.icon != nil { throw ValidationError("give either --icon or --no-icon") }
    }

    func run() async throws {
        try await global.reportingErrors {
            let settings = try global.loadSettings().settings
            let store = try await Store.open(existingAt: settings.databasePath, now: CommandIO.now)
            let topic = try await global.requireTopic(name, in: store)
            if let algorithm {
                let rebuilt = try await AlgorithmSwitch.setAlgorithm(on: store, algorithm, topicID: topic.id)
                global.logger().notice(
                    "\(topic.name): algorithm \(algorithm.rawValue), \(Plural.count(rebuilt, "card state")) rebuilt")
            }
            if changesAppearance {
                let current = try await Topics.appearance(on: store, topicID: topic.id)
                try await Topics.setAppearance(
                    on: store,
                    appearance.applied(to: current, clearColor: noColor, clearIcon: noIcon), topicID: topic.id)
            }
            try await budget.apply(topicID: topic.id, in: store)
            if !changesPolicy {
                // Appearance only.
            } else if unsubscribe {
                try await Topics.setPolicy(on: store, nil, topicID: topic.id)
            } else {
                let current = try await Topics.policy(on: store, topicID: topic.id)
                guard let refillBelow = policy.refillBelow ?? current?.refillBelow else {
                    throw PipelineError.input(
                        file: "--refill-below",
                        problem: "topic \"\(topic.name)\" is not subscribed yet; give --refill-below")
                }
                let updated = TopicPolicy(
                    refillBelow: refillBelow,
                    batchSize: policy.batchSize ?? current?.batchSize ?? settings.cardsPerBatch,
                    maxBatches: noMaxBatches ? nil : policy.maxBatches ?? current?.maxBatches)
                try await Topics.setPolicy(on: store, updated, topicID: topic.id)
            }
            try await TopicShowCommand.show(topic.id, in: store, json: global.json)
        }
    }
}

/// `fcgen topic show NAME`: the refill policy, counts and open job.
struct TopicShowCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show", abstract: "Show a topic's refill policy, counts, open job, colour and icon.")

    @OptionGroup var global: GlobalOptions
    @Argument(help: "The topic's name.") var name: String

    struct Output: Encodable {
        var topic: TopicRefillStatus
        var appearance: TopicAppearance
        var algorithm: String
        /// The language the topic's cards are written in (`--language`); absent when not set.
        var language: String?
        /// The card kinds the topic remembers (`--kinds`), as `--kinds` takes them; absent when none were asked for.
        var kinds: String?
        /// What the refill worker may spend on the topic per UTC day (`--daily-budget`); absent when unlimited.
        var dailyBudgetUSD: Double?
        /// What requests for the topic cost today (UTC), as far as their models are priced.
        var spentTodayUSD: Double
    }

    func run() async throws {
        try await global.reportingErrors {
            let store = try await global.openStore()
            let topic = try await global.requireTopic(name, in: store)
            try await Self.show(topic.id, in: store, json: global.json)
        }
    }

    static func show(_ topicID: Int64, in store: Store, json: Bool) async throws {
        let status = try await Topics.refillStatus(on: store, topicID: topicID)
        let appearance = try await Topics.appearance(on: store, topicID: topicID)
        let algorithm = try await Topics.algorithm(on: store, topicID: topicID).rawValue
        let generation = try await TopicPlans.generation(on: store, topicID: topicID)
        let language = generation.language?.value
        let kinds = generation.kinds?.description
        let (budget, spent) = try await UsageLedger.todaysBudget(on: store, topicID: topicID)
        if json {
            try Console.json(
                Output(
                    topic: status, appearance: appearance, algorithm: algorithm, language: language,
                    kinds: kinds, dailyBudgetUSD: budget, spentTodayUSD: spent.costUSD))
            return
        }
        var lines = ["topic: \(status.name) (id \(status.topicID))", "algorithm: \(algorithm)"]
        lines.append("language: \(language ?? "not set (the model's choice)")")
        lines.append("kinds: \(kinds ?? "not set (the card_kinds setting)")")
        if let policy = status.policy {
            lines.append(
                "refill: below \(policy.refillBelow) unstudied cards, batches of \(policy.batchSize), "
                    + "max batches \(policy.maxBatches.map(String.init) ?? "unlimited")")
        } else {
            lines.append("refill: not subscribed")
        }
        lines.append("cards: \(status.cardCount) (\(status.unstudiedCount) unstudied), batches: \(status.batchCount)")
        lines.append("refill due: \(status.isRefillDue ? "yes" : "no")")
        let unpriced =
            spent.unpricedRequests > 0 ? " (+ \(Plural.count(spent.unpricedRequests, "request")) without a price)" : ""
        lines.append(
            "daily budget: \(budget.map(Money.text) ?? "none"), spent today (UTC): "
                + Money.text(spent.costUSD) + unpriced)
        if let job = status.openJob {
            lines.append("open job: \(job.id) \(job.status.rawValue), attempts \(job.attempts)/\(job.maxAttempts)")
        }
        if appearance.color != nil || appearance.icon != nil {
            lines.append("colour: \(appearance.color ?? "none"), icon: \(appearance.icon ?? "none")")
        }
        Console.out(lines.joined(separator: "\n"))
    }
}
