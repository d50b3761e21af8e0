import ArgumentParser
import FCCommandLine
import FCContract
import FCCore
import FCDeckFormats
import FCPipeline
import FCStore
import Foundation

/// `fcgen card …`: write, change, reorder and remove cards by hand.
struct CardCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "card",
        abstract: "Add, edit, delete, move or show a card; bury or suspend it for a learner.",
        discussion: """
            A card needs a question or an image, and an answer; an explanation is optional. --reverse also stores \
            the twin card (question and answer swapped), linked to it: `card edit` changes the twin only with \
            --also-twin, and says so when it leaves it alone.

            Examples:
              fcgen card add --topic Algebra --question 'Solve $x^2 = 4$' --answer '$x = \\pm 2$' --reverse
              fcgen card add --topic Flags --image flag.png --answer France
              fcgen card add --topic Rome --kind cloze --question '{{c1::Romulus}} founded Rome'
              fcgen card add --topic Rome --kind mcq --question 'Who founded Rome?' --option Romulus \\
                --option Remus --option Numa --option Augustus --correct 1
              fcgen card edit 12 --answer-file answer.txt --also-twin
              fcgen card move 12 --to 1
              fcgen card delete 12 13
              fcgen card show 12 --json
              fcgen card bury 12              # not in today's queues (the learner's local day)
              fcgen card suspend 12           # not in any queue until: fcgen card unsuspend 12
            """,
        subcommands: [
            CardAddCommand.self, CardEditCommand.self, CardDeleteCommand.self, CardMoveCommand.self,
            CardShowCommand.self, CardBuryCommand.self, CardSuspendCommand.self, CardUnsuspendCommand.self,
        ]
    )
}

/// `fcgen card add --topic T …`.
struct CardAddCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add", abstract: "Add a card (and its reversed twin) at the end of a topic's deck.")

    @OptionGroup var global: GlobalOptions
    @Option(help: ArgumentHelp("The topic (created if new).", valueName: "name")) var topic: String
    @OptionGroup var content: CardTextOptions
    @Option(
        name: .customLong("option"),
        help: ArgumentHelp("With --kind mcq: one option (give 4 or 5, in the order shown).", valueName: "text"))
    var options: [String] = []
    @Option(help: ArgumentHelp("With --kind mcq: which option is correct, from 1.", valueName: "n"))
    var correct: Int?
    @Flag(help: "Also store the reversed twin: the answer as question, the question as answer.") var reverse = false

    func validate() throws {
        try validateTopicName(topic, argument: "--topic")
        if content.kind != .mcq && (!options.isEmpty || correct != nil) {
            throw ValidationError("--option and --correct are for --kind mcq")
        }
    }

    /// The options of an mcq card: the one `--correct` names, else the one `--answer` repeats.
    /// - Throws: a card-rule error (exit 65) with the reason the sanitizer gives a model's options.
    func choices(answer: String?) throws -> CardChoices? {
        guard content.kind == .mcq, !options.isEmpty else { return nil }
        do {
            return try CardChoicesInput.choices(options, correct: correct.map { $0 - 1 }, answer: answer)
        } catch {
            switch error {
            case .correctOutOfRange:
                throw DeckFormatError.cardRule(
                    "--correct \(correct ?? 0): there are \(options.count) options (1-\(options.count))")
            case .noCorrect, .answerNotAnOption:
                throw DeckFormatError.cardRule(
                    "--kind mcq: say which option is correct with --correct N (or an --answer equal to one option)")
            case .invalid(let problem): throw DeckFormatError.cardRule("--kind mcq: \(problem)")
            }
        }
    }

    func run() async throws {
        try await global.reportingErrors {
            let settings = try global.loadSettings().settings
            var (question, answer, explanation) = try content.sides()
            if content.editor {
                let sides = try await CardEditor.edit(.init(question: "", answer: "", explanation: ""))
                (question, answer, explanation) = (sides.question, sides.answer, sides.explanation)
            }
            let image = try content.image.map {
                try ImageLoader.load(path: $0, maxBytes: content.imageMaxBytes ?? settings.imageMaxBytes)
            }
            let checked = try CardRules.check(
                CardContent(
                    kind: content.kind ?? .question, question: question ?? "", answer: answer ?? "",
                    explanation: explanation, hasImage: image != nil, choices: try choices(answer: answer)),
                reversed: reverse)
            let store = try await Store.open(path: settings.databasePath, now: CommandIO.now)
            let found = try await Topics.ensure(on: store, named: topic)
            let added = try await CardEditing.add(
                on: store,
                NewCard(
                    topicID: found.id, kind: checked.kind, question: checked.question, answer: checked.answer,
                    explanation: checked.explanation, origin: .manual, image: image, withTwin: reverse,
                    choices: checked.choices))
            if global.json {
                try Console.json(
                    CardShowCommand.ListOutput(
                        cards: added.cards.map(CardJSON.init), siblings: added.siblings.map(CardJSON.init)))
            } else {
                for card in added.cards + added.siblings {
                    var note = ""
                    if let twinOf = card.reverseOf {
                        note = " (reversed twin of card \(twinOf))"
                    } else if let noteID = card.card.clozeOf {
                        note = " (cloze sibling of card \(noteID), asks c\(card.card.clozeNumber ?? 0))"
                    }
                    Console.out(
                        "added card \(card.card.id) at position \(card.card.position) of \"\(found.name)\"\(note)")
                }
            }
        }
    }
}
