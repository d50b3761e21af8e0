import ArgumentParser
import FCContract
import FCPipeline
import FCStore
import Foundation

/// `fcgen boxes [open [ID…|--all]]`: mystery boxes.
struct BoxesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "boxes",
        abstract: "List your mystery boxes, or open them.",
        discussion: """
            Every finished session (spaced or quiz) earns 3–5 boxes; opening one pays XP by its rarity.
              fcgen boxes                 # the boxes (unopened first)
              fcgen boxes open --all      # open every unopened box
              fcgen boxes open 12:1       # open one box by id
            An id that names none of your boxes is refused (exit 65, not_found) and nothing is opened.
            """,
        subcommands: [BoxesListCommand.self, BoxesOpenCommand.self],
        defaultSubcommand: BoxesListCommand.self
    )
}

struct BoxesListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List mystery boxes.")

    @OptionGroup var global: GlobalOptions

    @Flag(help: "Only unopened boxes.")
    var unopened = false

    struct Output: Encodable {
        var user: String
        var boxes: [BoxJSON]
    }

    func run() async throws {
        try await global.reportingErrors {
            let context = try await StudyContext(global: global)
            let boxes = try await context.game.boxes(of: context.user, unopenedOnly: unopened)
            if global.json {
                try Console.json(Output(user: context.user.name, boxes: boxes.map(BoxJSON.init)))
                return
            }
            guard !boxes.isEmpty else {
                Console.out("no boxes yet: finish a study session to earn some")
                return
            }
            var table = TextTable([
                ("box", .left), ("rarity", .left), ("earned", .left), ("opened", .left), ("xp", .right),
            ])
            for box in boxes.sorted(by: { ($0.openedAt == nil ? 0 : 1) < ($1.openedAt == nil ? 0 : 1) }) {
                table.append([
                    box.boxID, box.rarity, Timestamp.format(box.earnedAt), box.openedAt.map(Timestamp.format) ?? "-",
                    box.xp.map(String.init) ?? "-",
                ])
            }
            Console.out(table.render(width: global.tableWidth))
        }
    }
}

struct BoxesOpenCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "open", abstract: "Open mystery boxes for XP.")

    @OptionGroup var global: GlobalOptions

    @Argument(help: ArgumentHelp("Box ids to open (see fcgen boxes).", valueName: "box-id"))
    var ids: [String] = []

    @Flag(help: "Open every unopened box.")
    var all = false

    struct Output: Encodable {
        var user: String
        var rewards: RewardsJSON
    }

    func validate() throws {
        guard all != !ids.isEmpty else { throw ValidationError("name box ids or pass --all (not both)") }
    }

    func run() async throws {
        try await global.reportingErrors {
            let context = try await StudyContext(global: global)
            let rewards = try await context.game.openBoxes(of: context.user, boxIDs: all ? nil : ids)
            if global.json {
                try Console.json(Output(user: context.user.name, rewards: RewardsJSON(rewards)))
                return
            }
            guard !rewards.boxesOpened.isEmpty else {
                Console.out("nothing to open: \(ids.count == 1 ? "that box is" : "those boxes are") already opened")
                return
            }
            Console.out(RewardsText.lines(rewards).joined(separator: "\n"))
        }
    }
}
