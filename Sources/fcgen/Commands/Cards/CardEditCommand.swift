import ArgumentParser
import FCCommandLine
import FCContract
import FCCore
import FCDeckFormats
import FCPipeline
import FCStore
import Foundation
import Logging

/// `fcgen card edit ID …`: change some sides of a card; the rest stay.
struct CardEditCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "edit",
        abstract: "Change a card's text, picture or kind.",
        discussion: """
            Only the sides you give change. A card with a reversed twin: --also-twin writes the same change to \
            the twin (question and answer swapped); without it the twin stays as it was and fcgen says so.
            """)

    @OptionGroup var global: GlobalOptions
    @Argument(help: "The card's id (see: fcgen cards --topic T).") var id: Int64
    @OptionGroup var content: CardTextOptions
    @Flag(help: "Remove the explanation.") var noExplanation = false
    @Flag(help: "Remove the picture.") var noImage = false
    @Flag(help: "Apply the change to the reversed twin too.") var alsoTwin = false

    func validate() throws {
        if noExplanation && (content.explanation != nil || content.explanationFile != nil) {
            throw ValidationError("give --explanation or --no-explanation, not both")
        }
        if noImage && content.image != nil { throw ValidationError("give --image or --no-image, not both") }
    }

    func run() async throws {
        try await global.reportingErrors {
            let settings = try global.loadSettings().settings
            let store = try await Store.open(existingAt: settings.databasePath, now: CommandIO.now)
            let current = try await Cards.details(on: store, id: id)
            var (typedQuestion, typedAnswer, typedExplanation) = try content.sides()
            if content.editor {
                let sides = try await CardEditor.edit(
                    .init(
                        question: current.card.question, answer: current.card.answer,
                        explanation: current.card.explanation ?? ""))
                (typedQuestion, typedAnswer, typedExplanation) = (sides.question, sides.answer, sides.explanation)
            }
            let image = try content.image.map {
                try ImageLoader.load(path: $0, maxBytes: content.imageMaxBytes ?? settings.imageMaxBytes)
            }
            let imageChange: CardUpdate.ImageChange = image.map { .replace($0) } ?? (noImage ? .remove : .keep)
            let (newKind, noImage, noExplanation, alsoTwin) = (content.kind, noImage, noExplanation, alsoTwin)
            let (question, answer, explanation) = (typedQuestion, typedAnswer, typedExplanation)
            // The rules are checked on the card as the edit's transaction reads it (the editor showed it before).
            let edit = try await CardEditing.edit(on: store, id: id, alsoTwin: alsoTwin) { current in
                let hasImage = image != nil || (current.image != nil && !noImage)
                let kind = newKind ?? current.card.kind
                // A cloze card's answer follows its text: without a new answer it is derived again.
                let keptAnswer = kind == .cloze ? "" : current.card.answer
                let checked = try CardRules.check(
                    CardContent(
                        kind: kind, question: question ?? current.card.question, answer: answer ?? keptAnswer,
                        explanation: noExplanation ? nil : explanation ?? current.card.explanation,
                        hasImage: hasImage, choices: kind == .mcq ? current.card.choices : nil),
                    reversed: alsoTwin && current.twinID != nil)
                return CardUpdate(
                    kind: checked.kind, question: checked.question, answer: checked.answer,
                    explanation: checked.explanation, image: imageChange, choices: checked.choices)
            }
            if let twin = edit.twin, !edit.twinUpdated {
                let note =
                    "note: card \(id) has a reversed twin, card \(twin.card.id), which was not changed "
                    + "(run again with --also-twin to update it)"
                global.logger().notice("\(note)")
            }
            if global.json {
                try Console.json(
                    CardShowCommand.ListOutput(
                        cards: ([edit.card] + (edit.twinUpdated ? [edit.twin].compactMap { $0 } : [])).map(
                            CardJSON.init)))
            } else {
                Console.out(
                    "updated card \(id)" + (edit.twinUpdated ? " and its twin, card \(edit.twin?.card.id ?? 0)" : ""))
            }
        }
    }
}
