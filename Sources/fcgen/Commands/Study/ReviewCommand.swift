import ArgumentParser
import FCCommandLine
import FCCore
import FCPipeline
import FCScheduler
import FCStore
import Foundation

/// `fcgen review CARD --rating R`: record one review outside a session.
struct ReviewCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "review",
        abstract: "Record one review of a card and print its new schedule.",
        discussion: """
            The topic's algorithm (badger unless changed) computes the new state; the review and the state are \
            written in one transaction. --at may lie between the card's last review (or its creation) and now (a \
            time up to 5 minutes ahead, a clock running fast, counts as now): later is refused (exit 64), earlier \
            too (exit 65). Examples:
              fcgen review 42 --rating good
              fcgen review 42 --rating again --at 2024-03-10T12:00:00Z --json
            """
    )

    @OptionGroup var global: GlobalOptions

    @Argument(help: ArgumentHelp("The card's id (see fcgen cards, fcgen due).", valueName: "card-id"))
    var cardID: Int64

    @Option(
        help: ArgumentHelp("How well it was recalled (or 1-4).", valueName: "again|hard|good|easy"),
        transform: Rating.parse)
    var rating: Rating

    @Option(
        help: ArgumentHelp(
            "When the review happened (ISO 8601; default now): after the card's last review, not in the future.",
            valueName: "time"))
    var at: String?

    struct Output: Encodable {
        var review: ReviewJSON
    }

    func run() async throws {
        try await global.reportingErrors {
            // No --at: the recorder's clock dates it. A time in the future is refused before anything is opened or
            // written (the learner's row included); the recorder checks it again against its own clock.
            let time = try at.map(parseInstant)
            if let time {
                _ = try await namingTimeFlag("--at") { try EventTime.notInFuture(time, now: CommandIO.currentDate) }
            }
            let context = try await StudyContext(global: global)
            let result = try await namingTimeFlag("--at") {
                try await context.service.recorder.record(
                    userID: context.user.id, cardID: cardID, rating: rating, at: time)
            }
            if global.json {
                try Console.json(Output(review: ReviewJSON(result)))
                return
            }
            Console.out(
                "card \(cardID): \(rating.word) → \(ReviewJSON.State.word(result.state.phase)), due "
                    + "\(Timestamp.format(result.state.due)) (\(result.algorithm.rawValue))")
        }
    }
}
