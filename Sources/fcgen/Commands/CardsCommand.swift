import ArgumentParser
import FCContract
import FCCore
import FCPipeline
import FCStore

/// `fcgen cards --topic T`: a topic's cards in deck order; `--search`, `--kind`, `--flag`, `--due` and
/// `--suspended` keep only some, as `GET /v1/topics/{id}/cards` does (the same query, filtered by the database).
struct CardsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cards",
        abstract: "List a topic's cards.",
        discussion: """
            Example: fcgen cards --topic "Roman history" --json
                     fcgen cards --topic Algebra --search "a^m" --kind math --due true --user ana
            --flag, --due and --suspended read the learner's own flags and schedule (--user, default \(User.defaultName)).
            """
    )

    @OptionGroup var global: GlobalOptions

    @Option(help: ArgumentHelp("The topic whose cards to list.", valueName: "name"))
    var topic: String

    @OptionGroup var filters: CardFilterOptions
    @OptionGroup var zone: TimeZoneOption

    struct Output: Encodable {
        var topic: String
        var cards: [CardJSON]
    }

    func run() async throws {
        try await global.reportingErrors {
            let store = try await global.openStore()
            let found = try await global.requireTopic(topic, in: store)
            let cards =
                filters.isEmpty
                ? try await Cards.inTopic(on: store, topicID: found.id)
                : try await filters.cards(topicID: found.id, global: global, timeZone: zone.tz)
            if global.json {
                try Console.json(Output(topic: found.name, cards: cards.map(CardJSON.init)))
                return
            }
            var table = TextTable([
                ("id", .right), ("pos", .right), ("type", .left), ("origin", .left), ("question", .left),
                ("answer", .left),
            ])
            for card in cards {
                table.append([
                    "\(card.id)", "\(card.position)", card.kind.rawValue, card.origin.rawValue, clip(card.question, 60),
                    clip(card.answer, 40),
                ])
            }
            Console.out(table.render(width: global.tableWidth))
        }
    }
}
