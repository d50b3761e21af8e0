import ArgumentParser
import FCContract
import FCCore
import FCPipeline
import FCStore
import Foundation

/// `fcgen card delete ID…`.
struct CardDeleteCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "delete", abstract: "Delete cards (their learning state too); the deck closes up the gaps.")

    @OptionGroup var global: GlobalOptions
    @Argument(help: "The ids of the cards to delete.") var ids: [Int64]

    func validate() throws {
        if ids.isEmpty { throw ValidationError("give at least one card id") }
    }

    func run() async throws {
        try await global.reportingErrors {
            let store = try await global.openStore()
            // A cloze card's siblings go with it, and are listed.
            let unique = try await CardEditing.delete(on: store, ids: ids)
            if global.json {
                try Console.json(CardsDeletedJSON(deleted: unique))
                return
            }
            Console.out(
                "deleted \(Plural.count(unique.count, "card")): " + unique.map(String.init).joined(separator: ", "))
        }
    }
}

/// `fcgen card move ID --to POSITION`.
struct CardMoveCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "move", abstract: "Move a card to another position in its deck (1 = first).")

    @OptionGroup var global: GlobalOptions
    @Argument(help: "The card's id.") var id: Int64
    @Option(help: ArgumentHelp("The new position, 1…number of cards.", valueName: "position")) var to: Int

    func run() async throws {
        try await global.reportingErrors {
            let store = try await global.openStore()
            guard let moved = try await CardEditing.move(on: store, id: id, toTopic: nil, position: to).first else {
                throw StoreError.cardNotFound(id: id)
            }
            if global.json {
                try Console.json(CardShowCommand.Output(card: CardJSON(moved)))
                return
            }
            Console.out("card \(id) is now at position \(moved.card.position)")
        }
    }
}

/// `fcgen card show ID`.
struct CardShowCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show", abstract: "Show a card: its sides, kind, picture and reversed twin.")

    @OptionGroup var global: GlobalOptions
    @Argument(help: "The card's id.") var id: Int64

    struct Output: Encodable {
        var card: CardJSON
    }

    /// What `card add` and `card edit` print with `--json`.
    struct ListOutput: Encodable {
        /// The cards written: a card and its reversed twin.
        var cards: [CardJSON]
        /// `card add`: the cloze siblings the card's text made (one per further deletion number, by number); empty
        /// for any other card.
        var siblings: [CardJSON]?
    }

    func run() async throws {
        try await global.reportingErrors {
            let store = try await global.openStore()
            let (details, source) = try await Cards.detailsAndSource(on: store, id: id)
            if global.json {
                var card = CardJSON(details)
                card.source = source.map { CardJSON.Source($0, withPath: true) }
                try Console.json(Output(card: card))
                return
            }
            let card = details.card
            var lines = [
                "card \(card.id), topic \(card.topicID), position \(card.position)",
                "kind: \(card.kind.rawValue), origin: \(card.origin.rawValue)",
                "question: \(card.question.isEmpty ? "(none: the image is the question)" : card.question)",
                "answer: \(card.answer)",
                "explanation: \(card.explanation ?? "(none)")",
            ]
            if let choices = card.choices {
                for (index, option) in choices.options.enumerated() {
                    lines.append("option \(index + 1): \(option)" + (index == choices.correctIndex ? " (correct)" : ""))
                }
            }
            if let image = details.image {
                lines.append("image: \(image.mimeType), \(image.byteCount) bytes, sha256 \(image.hash)")
                if let credit = image.credit {
                    lines.append("photo by \(credit.authorName) on \(credit.provider)")
                    if let url = credit.authorURL { lines.append("photographer: \(url)") }
                    if let url = credit.photoURL { lines.append("photo page: \(url)") }
                }
            } else {
                lines.append("image: none")
            }
            if let query = card.imageQuery { lines.append("image query: \(query)") }
            if let source {
                let page = source.page.map { ", page \($0)" } ?? ""
                lines.append(
                    "source: \(source.fileName) (\(source.format), sha256 \(source.sha256.prefix(12))…), section "
                        + "\(source.section) \"\(source.sectionTitle)\"\(page), characters \(source.start)–\(source.end)"
                )
            }
            if let original = details.reverseOf {
                lines.append("reversed twin of card \(original)")
            } else if let twin = details.twinID {
                lines.append("reversed twin: card \(twin)")
            }
            Console.out(lines.joined(separator: "\n"))
        }
    }
}
