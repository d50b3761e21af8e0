import ArgumentParser
import FCCore
import FCPipeline
import FCSanitizer
import Foundation

/// `fcgen sanitize FILE`: run the sanitizer alone on one raw model reply — the tool for debugging a misbehaving model.
struct SanitizeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sanitize",
        abstract: "Run the sanitizer on one raw model reply and show what it makes of it.",
        discussion: """
            FILE holds the text of the model's message (not the HTTP envelope); - reads standard input.
            Every kept card is checked by the quality rules (see docs/quality.md): --json lists each card's
            flags (rule ids), per-rule counts under "quality" and the cards the rules dropped under
            "qualityDropped". Cloze ({{c1::...}}) and multiple-choice cards are read as such (type cloze / mcq,
            with "choices"), and a long list answer becomes a cloze card, as generation reads them when --kinds
            asks for them (docs/cards.md). --existing FILE names questions the topic already has, one per line, for
            duplicate and near-duplicate checks; a line "question<TAB>answer" gives the answer too, so that a card
            stating the same fact in other words is caught as well.

            Examples:
              fcgen sanitize reply.txt --json
              fcgen sanitize reply.txt --existing questions.txt --json
              pbpaste | fcgen sanitize - --topic "Roman history"
            """
    )

    /// Replies larger than this are refused rather than read into memory.
    static let maximumBytes = 16 * 1024 * 1024

    @OptionGroup var global: GlobalOptions

    @Argument(help: ArgumentHelp("The raw model reply, or - for standard input.", valueName: "file"))
    var file: String

    @Option(help: ArgumentHelp("Topic for templated fallback cards when nothing is usable.", valueName: "name"))
    var topic: String?

    @Flag(help: "The provider reported the reply as cut off (finish_reason length).")
    var truncated = false

    @Option(
        help: ArgumentHelp(
            "Questions the topic already has, one per line (\"question<TAB>answer\" adds the answer): duplicates "
                + "and near-duplicates of them are dropped.",
            valueName: "file"))
    var existing: String?

    func run() async throws {
        try await global.reportingErrors {
            let text = try readInput(file)
            let held = try existing.map { try Self.topicCards(readInput($0)) } ?? []
            var options = SanitizerOptions(structuredKinds: true)
            options.fallbackTopic = topic
            let index = TopicQuestionIndex(cards: held.filter { !$0.answer.isEmpty })
            index.insert(held.filter(\.answer.isEmpty).map(\.key))
            let report = Sanitizer(options: options).sanitize(
                text, truncated: truncated, existingKeys: Set(held.map(\.key)), questions: index.snapshot())
            let output = SanitizeOutput(report)
            if global.json {
                try Console.json(output)
            } else {
                Console.out(output.renderText())
            }
        }
    }

    /// The non-blank lines of `text` as the topic's cards: a question, and its answer after a tab if the line
    /// has one (empty otherwise).
    static func topicCards(_ text: String) -> [TopicQuestionIndex.Card] {
        text.split(whereSeparator: \.isNewline).compactMap { line in
            let parts = line.split(separator: "\t", maxSplits: 1, omittingEmptySubsequences: false)
            let question = String(parts[0])
            let key = DedupKey.make(question)
            guard !key.isEmpty else { return nil }
            let answer = parts.count > 1 ? String(parts[1]) : ""
            return TopicQuestionIndex.Card(key: key, question: question, answer: answer)
        }
    }

    private func readInput(_ file: String) throws -> String {
        // Only a regular file (or stdin), and never more than the limit + 1 byte: a FIFO or /dev/zero can't hang
        // or fill memory.
        let data = Data(try TextInput.bytes(file, upTo: Self.maximumBytes + 1))
        guard data.count <= Self.maximumBytes else {
            throw PipelineError.input(file: file, problem: "is larger than \(Self.maximumBytes) bytes")
        }
        guard let text = String(validating: data, as: UTF8.self) else {
            let offset = firstInvalidUTF8Offset(data)
            throw PipelineError.input(file: file, problem: "is not valid UTF-8 (first bad byte at offset \(offset))")
        }
        return text
    }

    /// The byte offset of the first byte that is not part of a valid UTF-8 sequence.
    private func firstInvalidUTF8Offset(_ data: Data) -> Int {
        var decoder = UTF8()
        var iterator = data.makeIterator()
        var offset = 0
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar): offset += UTF8.width(scalar)
            case .emptyInput, .error: return offset
            }
        }
    }
}

/// The `--json` shape of `fcgen sanitize` (a contract: scripts parse it).
struct SanitizeOutput: Encodable {
    struct OutputCard: Encodable {
        var question: String
        var answer: String
        var explanation: String?
        var type: String
        var origin: String
        /// Ids of the quality rules that flagged the card; empty when none did.
        var flags: [String]
        /// The options of a multiple-choice (`mcq`) card, in the order the model wrote them; absent otherwise.
        var choices: CardChoices?
    }

    /// A card a quality rule dropped, and the rule.
    struct DroppedCard: Encodable {
        var rule: String
        var question: String
        var answer: String
        var type: String
        /// Every rule that fired on the card.
        var flags: [String]
        /// For `near-duplicate`: the earlier question it resembles.
        var similarTo: String?
    }

    var outcome: String
    var cards: [OutputCard]
    var dropped: [String: Int]
    var repairs: [String]
    /// Per rule id: how many cards it flagged, by what was done (`kept`, `fixed`, `dropped`).
    var quality: [String: QualityTally]
    var qualityDropped: [DroppedCard]

    init(_ report: SanitizerReport) {
        outcome = report.outcome.rawValue
        cards = report.cards.map {
            OutputCard(
                question: $0.question,
                answer: $0.answer,
                explanation: $0.explanation,
                type: $0.kind.rawValue,
                origin: $0.origin.rawValue,
                flags: $0.flags,
                choices: $0.choices
            )
        }
        quality = Dictionary(uniqueKeysWithValues: report.quality.map { ($0.key.rawValue, $0.value) })
        qualityDropped = report.qualityDropped.map {
            DroppedCard(
                rule: $0.rule.rawValue, question: $0.card.question, answer: $0.card.answer, type: $0.card.kind.rawValue,
                flags: $0.card.flags, similarTo: $0.similarTo)
        }
        dropped = Dictionary(uniqueKeysWithValues: report.dropped.map { ($0.key.rawValue, $0.value) })
        repairs = report.repairs.map(\.rawValue)
    }

    func renderText() -> String {
        var table = TextTable([
            ("#", .right), ("type", .left), ("question", .left), ("answer", .left), ("flags", .left),
        ])
        for (index, card) in cards.enumerated() {
            table.append([
                "\(index + 1)", card.type, clip(card.question, 60), clip(card.answer, 40),
                card.flags.joined(separator: ","),
            ])
        }
        let qualityText =
            quality.isEmpty
            ? "none"
            : quality.sorted { $0.key < $1.key }.map { rule, tally in
                let parts = [("kept", tally.kept), ("fixed", tally.fixed), ("dropped", tally.dropped)]
                    .filter { $0.1 > 0 }.map { "\($0.0) \($0.1)" }
                return "\(rule) (\(parts.joined(separator: ", ")))"
            }.joined(separator: "; ")
        let droppedCards = qualityDropped.map { "  \($0.rule): \(clip($0.question, 70))" }
        let droppedText =
            dropped.isEmpty
            ? "none" : dropped.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
        return
            ([
                "outcome: \(outcome), \(Plural.count(cards.count, "card"))",
                "repairs: \(repairs.isEmpty ? "none" : repairs.joined(separator: ", "))",
                "dropped: \(droppedText)",
                "quality: \(qualityText)",
            ] + droppedCards + [table.render()]).joined(separator: "\n")
    }
}

/// Shortens `text` to one line of at most `width` characters for tables.
func clip(_ text: String, _ width: Int) -> String {
    let line = text.split(whereSeparator: \.isNewline).joined(separator: " ")
    return line.count <= width ? line : String(line.prefix(width - 1)) + "…"
}
