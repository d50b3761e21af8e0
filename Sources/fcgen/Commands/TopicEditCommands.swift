import ArgumentParser
import FCCore
import FCPipeline
import FCStore
import Foundation

/// `--color` and `--icon`, shared by `topic add` and `topic set`.
struct AppearanceOptions: ParsableArguments {
    static let namedColors: [String: String] = [
        "red": "#e53935", "orange": "#fb8c00", "yellow": "#fdd835", "green": "#43a047", "teal": "#00897b",
        "blue": "#1e88e5", "indigo": "#3949ab", "purple": "#8e24aa", "pink": "#d81b60", "brown": "#6d4c41",
        "gray": "#757575",
    ]

    @Option(help: ArgumentHelp("The topic's colour: #rrggbb, #rgb or a name (red, blue, …).", valueName: "colour"))
    var color: String?
    @Option(
        help: ArgumentHelp("The topic's icon: an emoji or a short label (at most 16 characters).", valueName: "icon"))
    var icon: String?

    func validate() throws {
        if let color, Self.normalised(color) == nil {
            throw ValidationError(
                "--color must be #rrggbb, #rgb or one of \(Self.namedColors.keys.sorted().joined(separator: ", "))")
        }
        if let icon {
            let trimmed = icon.trimmingCharacters(in: .whitespacesAndNewlines)
            if trimmed.isEmpty || trimmed.count > 16 { throw ValidationError("--icon must be 1 to 16 characters") }
        }
    }

    var isEmpty: Bool { color == nil && icon == nil }

    /// `#rrggbb` in lowercase, or `nil` when `text` is no colour.
    static func normalised(_ text: String) -> String? {
        let text = text.trimmingCharacters(in: .whitespaces).lowercased()
        if let named = namedColors[text] { return named }
        let digits = text.hasPrefix("#") ? Array(text.dropFirst()) : []
        guard digits.allSatisfy(\.isHexDigit) else { return nil }
        switch digits.count {
        case 6: return "#" + String(digits)
        case 3: return "#" + digits.map { "\($0)\($0)" }.joined()
        default: return nil
        }
    }

    /// `current` with these options (and the clearing flags) applied.
    func applied(to current: TopicAppearance, clearColor: Bool = false, clearIcon: Bool = false) -> TopicAppearance {
        var appearance = current
        if let color { appearance.color = Self.normalised(color) }
        if let icon { appearance.icon = icon.trimmingCharacters(in: .whitespacesAndNewlines) }
        if clearColor { appearance.color = nil }
        if clearIcon { appearance.icon = nil }
        return appearance
    }
}

/// `fcgen topic rename OLD NEW`.
struct TopicRenameCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "rename", abstract: "Rename a topic.")

    @OptionGroup var global: GlobalOptions
    @Argument(help: "The topic's current name.") var name: String
    @Argument(help: "Its new name (at most 200 characters, no control characters).") var newName: String

    struct Output: Encodable {
        var topic: Topic
        var previousName: String
    }

    func validate() throws {
        try validateTopicName(newName, argument: "the new name")
    }

    func run() async throws {
        try await global.reportingErrors {
            let store = try await global.openStore()
            let topic = try await global.requireTopic(name, in: store)
            let renamed = try await Topics.rename(on: store, id: topic.id, to: newName)
            if global.json {
                try Console.json(Output(topic: renamed, previousName: topic.name))
                return
            }
            Console.out("renamed \"\(topic.name)\" to \"\(renamed.name)\"")
        }
    }
}

/// `fcgen topic delete NAME [--force]`.
struct TopicDeleteCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "delete",
        abstract: "Delete a topic; with cards, only with --force (cards, learning state and jobs go too).")

    @OptionGroup var global: GlobalOptions
    @Argument(help: "The topic's name.") var name: String
    @Flag(help: "Delete the topic even though it has cards.") var force = false

    func run() async throws {
        try await global.reportingErrors {
            let store = try await global.openStore()
            let topic = try await global.requireTopic(name, in: store)
            let deletion = try await Topics.delete(on: store, id: topic.id, force: force)
            if global.json {
                try Console.json(DeletionOutput(deleted: deletion))
            } else {
                Console.out(
                    "deleted topic \"\(deletion.name)\": \(Plural.count(deletion.cards, "card")), \(Plural.count(deletion.batches, "batch")), "
                        + "\(Plural.count(deletion.jobs, "job"))")
            }
        }
    }

    struct DeletionOutput: Encodable {
        var deleted: TopicDeletion
    }
}
