import ArgumentParser
import FCContract
import FCCore
import FCPipeline
import FCStore
import Foundation

/// `fcgen session …`: drive a study session without a terminal (scripts, apps, tests).
struct SessionCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "session",
        abstract: "Drive a study session step by step (for scripts and apps).",
        discussion: """
            Every step prints the session (and the card to show) as JSON with --json. A spaced session records \
            each answer as a review; --free changes no learning state.

              id=$(fcgen session start --topic "Roman history" --cards 10 --json | jq .session.id)
              fcgen session next $id --json          # the card to show (null when done)
              fcgen session answer $id CARD --rating good --json
              fcgen session skip $id CARD            # show it again after the others
              fcgen session undo $id                 # take the last answer back (review, state, XP)
              fcgen session bury $id CARD            # not before tomorrow
              fcgen session suspend $id CARD         # not until: fcgen card unsuspend CARD
              fcgen session end $id --json           # the summary

            An ended session refuses every further step (exit 65, code session_ended).
            """,
        subcommands: [
            SessionStartCommand.self, SessionNextCommand.self, SessionAnswerCommand.self, SessionSkipCommand.self,
            SessionUndoCommand.self, SessionBuryCommand.self, SessionSuspendCommand.self, SessionEndCommand.self,
        ]
    )

    /// What every session step prints.
    struct Output: Encodable {
        var session: SessionView
        /// The card to show next; `nil` when the queue is done (and after `end`).
        var card: CardJSON?
        /// Whether every card of the queue was answered (or the session ended).
        var done: Bool
        /// What the last answer earned (`answer`), or what the whole session earned (`end`).
        var rewards: RewardsJSON?
        /// What `undo` took back.
        var undone: Undone?
        /// The card as study shows it: a cloze card's deletions hidden, an mcq card's options shuffled.
        var shown: CardFaces?
        /// `bury`: when the buried card comes back (the start of the learner's next local day).
        var buriedUntil: Date?
        /// `bury`: the cloze siblings buried with the card, ascending (empty for any other card).
        var buriedSiblings: [Int64]?
    }

    /// The answer `session undo` took back.
    struct Undone: Encodable {
        var cardId: Int64
        var reviewRemoved: Bool
        var xpReturned: Int
    }

    /// Prints the session and its next card.
    static func show(
        _ session: StudySessionRecord, context: StudyContext, json: Bool, rewards: Rewards? = nil,
        undone: Undone? = nil, burial: Burial? = nil
    ) async throws {
        let card = try await context.service.nextCard(of: session)
        let view = SessionView(session)
        let faces = card.map { CardFaces($0, seed: CardFaces.seed(sessionID: session.id, cardID: $0.id)) }
        if json {
            try Console.json(
                Output(
                    session: view, card: card.map(CardJSON.init), done: card == nil,
                    rewards: rewards.map(RewardsJSON.init), undone: undone, shown: faces, buriedUntil: burial?.until,
                    buriedSiblings: burial?.siblingIDs))
            return
        }
        var lines = ["session \(session.id) (\(session.mode.rawValue)): \(view.answered)/\(view.size) answered"]
        if let undone {
            lines.append(
                "undid the answer to card \(undone.cardId)"
                    + (undone.xpReturned > 0 ? " (−\(undone.xpReturned) XP)" : ""))
        }
        if let burial {
            let count = burial.siblingIDs.count
            let siblings = burial.siblingIDs.map(String.init).joined(separator: ", ")
            lines.append(
                "buried until \(Timestamp.format(burial.until))"
                    + (count == 0 ? "" : ", with its \(count) \(Plural.noun(count, "cloze sibling")) \(siblings)"))
        }
        if let card, let faces {
            lines.append("next card \(card.id): " + faces.questionLines.joined(separator: "\n"))
        } else {
            lines.append(view.summaryLine)
        }
        Console.out(lines.joined(separator: "\n"))
    }
}

struct SessionStartCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "start", abstract: "Start a session: due cards first, weakest first, then new cards.")

    @OptionGroup var global: GlobalOptions
    @OptionGroup var zone: TimeZoneOption

    @Option(help: ArgumentHelp("A topic to study (repeatable; default: all).", valueName: "name"))
    var topic: [String] = []

    @OptionGroup var size: SessionSizeOptions
    @OptionGroup var fallback: FallbackOption

    func run() async throws {
        try await global.reportingErrors {
            let context = try await StudyContext(global: global, timeZone: zone.tz)
            let topics = try await context.topics(topic, global: global)
            var rng = size.makeGenerator()
            let session = try await context.service.start(
                userID: context.user.id, topicIDs: topics.map(\.id), limit: size.cards,
                mode: size.free ? .free : .spaced, day: context.day, stored: true,
                includeFallback: fallback.includeFallback, using: &rng)
            try await SessionCommand.show(session, context: context, json: global.json)
        }
    }
}

struct SessionNextCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "next", abstract: "Show the card to answer next.")

    @OptionGroup var global: GlobalOptions
    @Argument(help: ArgumentHelp("The session's id.", valueName: "session-id")) var sessionID: Int64

    func run() async throws {
        try await global.reportingErrors {
            let context = try await StudyContext(global: global)
            let session = try await context.service.openSession(id: sessionID, userID: context.user.id)
            try await SessionCommand.show(session, context: context, json: global.json)
        }
    }
}

struct SessionAnswerCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "answer", abstract: "Rate the session's current card and move on.")

    @OptionGroup var global: GlobalOptions
    @Argument(help: ArgumentHelp("The session's id.", valueName: "session-id")) var sessionID: Int64
    @Argument(help: ArgumentHelp("The card being answered (the one next shows).", valueName: "card-id"))
    var cardID: Int64

    @Option(
        help: ArgumentHelp("How well it was recalled (or 1-4).", valueName: "again|hard|good|easy"),
        transform: Rating.parse)
    var rating: Rating

    @Option(
        help: ArgumentHelp(
            "When the answer was given (ISO 8601; default now): after the card's last review, not in the future.",
            valueName: "time"))
    var at: String?

    @Option(help: ArgumentHelp("How long the learner looked at the card.", valueName: "ms"))
    var durationMs: Int?

    func run() async throws {
        try await global.reportingErrors {
            let time = try at.map(parseInstant)
            let context = try await StudyContext(global: global)
            let session = try await context.service.openSession(id: sessionID, userID: context.user.id)
            let answered = try await namingTimeFlag("--at") {
                try await context.service.answer(
                    session, cardID: cardID, rating: rating, at: time, durationMilliseconds: durationMs)
            }
            try await SessionCommand.show(
                answered.session, context: context, json: global.json, rewards: answered.review?.rewards)
        }
    }
}

struct SessionEndCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "end", abstract: "End the session and print its summary (once: an ended session refuses this).")

    @OptionGroup var global: GlobalOptions
    @Argument(help: ArgumentHelp("The session's id.", valueName: "session-id")) var sessionID: Int64

    func run() async throws {
        try await global.reportingErrors {
            let context = try await StudyContext(global: global)
            let session = try await context.service.openSession(id: sessionID, userID: context.user.id)
            let (ended, rewards) = try await context.service.finish(session)
            if global.json {
                try Console.json(
                    SessionCommand.Output(
                        session: SessionView(ended), card: nil, done: true, rewards: rewards.map(RewardsJSON.init)))
                return
            }
            Console.out("session \(ended.id) ended: \(SessionView(ended).summaryLine)")
            if let rewards { Console.out(RewardsText.lines(rewards).joined(separator: "\n")) }
        }
    }
}
