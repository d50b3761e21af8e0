import ArgumentParser
import FCCore
import FCPipeline
import FCStore
import Foundation

/// `fcgen session skip ID CARD`: show the current card again after the others.
struct SessionSkipCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "skip", abstract: "Skip the current card: it comes back after the others; nothing is recorded.")

    @OptionGroup var global: GlobalOptions
    @Argument(help: ArgumentHelp("The session's id.", valueName: "session-id")) var sessionID: Int64
    @Argument(help: ArgumentHelp("The card being skipped (the one next shows).", valueName: "card-id"))
    var cardID: Int64

    func run() async throws {
        try await global.reportingErrors {
            let context = try await StudyContext(global: global)
            let session = try await context.service.openSession(id: sessionID, userID: context.user.id)
            let skipped = try await context.service.skip(session, cardID: cardID)
            try await SessionCommand.show(skipped, context: context, json: global.json)
        }
    }
}

/// `fcgen session undo ID`: take the last answer back.
struct SessionUndoCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "undo",
        abstract: "Undo the session's last answer: its review, the card's state and any XP or rewards it paid.",
        discussion: """
            Everything the answer wrote is put back as it was, in one transaction, and the card is the next card \
            again. Repeat to undo earlier answers. Refused (exit 65, code conflict) when the card was reviewed \
            again or the learner earned XP since: undo never throws a later event away.
            """)

    @OptionGroup var global: GlobalOptions
    @Argument(help: ArgumentHelp("The session's id.", valueName: "session-id")) var sessionID: Int64

    func run() async throws {
        try await global.reportingErrors {
            let context = try await StudyContext(global: global)
            let session = try await context.service.openSession(id: sessionID, userID: context.user.id)
            let undone = try await context.service.undo(session)
            try await SessionCommand.show(
                undone.session, context: context, json: global.json,
                undone: SessionCommand.Undone(
                    cardId: undone.cardID, reviewRemoved: undone.reviewRemoved, xpReturned: undone.xpReturned))
        }
    }
}

/// `fcgen session bury ID CARD`: the current card, not before tomorrow.
struct SessionBuryCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bury",
        abstract: "Bury the current card until tomorrow (the learner's local day); it leaves the session.")

    @OptionGroup var global: GlobalOptions
    @OptionGroup var zone: TimeZoneOption
    @Argument(help: ArgumentHelp("The session's id.", valueName: "session-id")) var sessionID: Int64
    @Argument(help: ArgumentHelp("The card to bury (the one next shows).", valueName: "card-id")) var cardID: Int64

    func run() async throws {
        try await global.reportingErrors {
            let context = try await StudyContext(global: global, timeZone: zone.tz)
            let session = try await context.service.openSession(id: sessionID, userID: context.user.id)
            let buried = try await context.service.buryNext(of: session, cardID: cardID, day: context.day)
            try await SessionCommand.show(buried.session, context: context, json: global.json, burial: buried.burial)
        }
    }
}

/// `fcgen session suspend ID CARD`: the current card, until unsuspended.
struct SessionSuspendCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "suspend",
        abstract: "Suspend the current card (out of every queue until fcgen card unsuspend); it leaves the session.")

    @OptionGroup var global: GlobalOptions
    @Argument(help: ArgumentHelp("The session's id.", valueName: "session-id")) var sessionID: Int64
    @Argument(help: ArgumentHelp("The card to suspend (the one next shows).", valueName: "card-id"))
    var cardID: Int64

    func run() async throws {
        try await global.reportingErrors {
            let context = try await StudyContext(global: global)
            let session = try await context.service.openSession(id: sessionID, userID: context.user.id)
            let suspended = try await context.service.suspendNext(of: session, cardID: cardID)
            try await SessionCommand.show(suspended, context: context, json: global.json)
        }
    }
}
