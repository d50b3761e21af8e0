import ArgumentParser
import FCCore
import FCPipeline
import FCStore
import Foundation

/// What `card bury`, `card suspend` and `card unsuspend` print with `--json`.
struct CardFlagOutput: Encodable {
    var user: String
    /// The ids given.
    var cards: [Int64]
    /// `buried`, `suspended` or `unsuspended`.
    var action: String
    /// When the burial ends: the start of the learner's next local day.
    var buriedUntil: Date?
    /// `card bury`: the cloze siblings buried with the cards given, ascending (empty when there are none).
    var siblings: [Int64]?
}

/// `fcgen card bury ID…`: not before tomorrow.
struct CardBuryCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bury",
        abstract: "Bury cards until tomorrow (the learner's local day): no study queue shows them before then.")

    @OptionGroup var global: GlobalOptions
    @OptionGroup var zone: TimeZoneOption
    @Argument(help: "The ids of the cards to bury.") var ids: [Int64]

    func validate() throws {
        if ids.isEmpty { throw ValidationError("give at least one card id") }
    }

    func run() async throws {
        try await global.reportingErrors {
            let context = try await StudyContext(global: global, timeZone: zone.tz)
            let burial = try await context.service.bury(cardIDs: ids, userID: context.user.id, day: context.day)
            try CardFlagOutput(
                user: context.user.name, cards: ids, action: "buried", buriedUntil: burial.until,
                siblings: burial.siblingIDs
            )
            .print(json: global.json, text: "buried until \(Timestamp.format(burial.until))")
        }
    }
}

/// `fcgen card suspend ID…`: out of every queue until unsuspended.
struct CardSuspendCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "suspend", abstract: "Suspend cards: no study queue shows them until fcgen card unsuspend.")

    @OptionGroup var global: GlobalOptions
    @Argument(help: "The ids of the cards to suspend.") var ids: [Int64]

    func validate() throws {
        if ids.isEmpty { throw ValidationError("give at least one card id") }
    }

    func run() async throws {
        try await global.reportingErrors {
            let context = try await StudyContext(global: global)
            try await context.service.suspend(cardIDs: ids, userID: context.user.id)
            try CardFlagOutput(user: context.user.name, cards: ids, action: "suspended")
                .print(json: global.json, text: "suspended")
        }
    }
}

/// `fcgen card unsuspend ID…`.
struct CardUnsuspendCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "unsuspend", abstract: "Let suspended cards back into the study queues.")

    @OptionGroup var global: GlobalOptions
    @Argument(help: "The ids of the cards to unsuspend.") var ids: [Int64]

    func validate() throws {
        if ids.isEmpty { throw ValidationError("give at least one card id") }
    }

    func run() async throws {
        try await global.reportingErrors {
            let context = try await StudyContext(global: global)
            try await context.service.unsuspend(cardIDs: ids, userID: context.user.id)
            try CardFlagOutput(user: context.user.name, cards: ids, action: "unsuspended")
                .print(json: global.json, text: "unsuspended")
        }
    }
}

extension CardFlagOutput {
    /// The document, or "cards 3, 4: <text> (learner local)"; with siblings, "card 3 and its 2 cloze siblings 5, 6:
    /// <text> (learner local)".
    func print(json: Bool, text: String) throws {
        if json {
            try Console.json(self)
        } else {
            let given = Array(Set(cards)).sorted()
            var subject = "\(Plural.noun(given.count, "card")) \(Self.list(given))"
            if let siblings, !siblings.isEmpty {
                let whose = given.count == 1 ? "its" : "their"
                subject +=
                    " and \(whose) \(siblings.count) \(Plural.noun(siblings.count, "cloze sibling")) \(Self.list(siblings))"
            }
            Console.out("\(subject): \(text) (learner \(user))")
        }
    }

    private static func list(_ ids: [Int64]) -> String { ids.map(String.init).joined(separator: ", ") }
}
