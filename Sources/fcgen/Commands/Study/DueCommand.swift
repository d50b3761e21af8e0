import ArgumentParser
import FCCommandLine
import FCCore
import FCPipeline
import FCStore
import Foundation

/// `fcgen due`: what the learner has due today, per topic, and the due cards weakest first.
struct DueCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "due",
        abstract: "List the cards due today (by the learner's local calendar) and the new cards per topic.",
        discussion: """
            Due cards are studied cards whose next review falls on or before the end of today in the learner's \
            time zone, listed weakest first (then earliest due). Examples:
              fcgen due
              fcgen due --topic "Roman history" --json --tz Europe/Berlin
            """
    )

    @OptionGroup var global: GlobalOptions
    @OptionGroup var zone: TimeZoneOption

    @Option(help: ArgumentHelp("Only this topic (repeatable).", valueName: "name"))
    var topic: [String] = []

    @Option(help: ArgumentHelp("List at most this many due cards (default 100).", valueName: "n"))
    var limit = 100

    @OptionGroup var fallback: FallbackOption

    struct Output: Encodable {
        var user: String
        var timeZone: String
        var until: Date
        var topics: [TopicDue]
        var cards: [DueCard]
    }

    struct TopicDue: Encodable {
        var topicId: Int64
        var topic: String
        var cards: Int
        var due: Int
        var new: Int
    }

    struct DueCard: Encodable {
        var id: Int64
        var topicId: Int64
        var question: String
        var due: Date
        var level: Int
    }

    func run() async throws {
        try await global.reportingErrors {
            let context = try await StudyContext(global: global, timeZone: zone.tz)
            let topics = topic.isEmpty ? nil : try await context.topics(topic, global: global).map(\.id)
            let until = context.day.endOfDay(containing: CommandIO.currentDate)
            let summaries = try await StudyReads.topicSummaries(
                on: context.store, userID: context.user.id, until: until, topicIDs: topics,
                includeFallback: fallback.includeFallback)
            let candidates = try await StudyReads.dueCandidates(
                on: context.store, userID: context.user.id, topicIDs: topics, until: until, limit: max(0, limit),
                includeFallback: fallback.includeFallback)
            let cards = try await Cards.cards(on: context.store, ids: candidates.map(\.cardID))
            let byID = Dictionary(uniqueKeysWithValues: cards.map { ($0.id, $0) })
            let output = Output(
                user: context.user.name, timeZone: context.day.zoneName, until: until,
                topics: summaries.map {
                    TopicDue(
                        topicId: $0.topicID, topic: $0.name, cards: $0.cardCount, due: $0.dueCount, new: $0.newCount)
                },
                cards: candidates.compactMap { candidate in
                    byID[candidate.cardID].map {
                        DueCard(
                            id: $0.id, topicId: $0.topicID, question: $0.question, due: candidate.due,
                            level: candidate.level)
                    }
                })
            if global.json {
                try Console.json(output)
                return
            }
            var table = TextTable([("topic", .left), ("due", .right), ("new", .right), ("cards", .right)])
            for topic in output.topics {
                table.append([topic.topic, "\(topic.due)", "\(topic.new)", "\(topic.cards)"])
            }
            Console.out(table.render(width: global.tableWidth))
            guard !output.cards.isEmpty else { return }
            var cardTable = TextTable([("id", .right), ("due", .left), ("level", .right), ("question", .left)])
            for card in output.cards {
                cardTable.append(["\(card.id)", Timestamp.format(card.due), "\(card.level)", clip(card.question, 70)])
            }
            Console.out("\n" + cardTable.render(width: global.tableWidth))
        }
    }
}
