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

            Examples:
              fcgen sanitize reply.txt --json
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

    func run() async throws {
        try await global.reportingErrors {
            let text = try readInput()
            var options = SanitizerOptions()
            options.fallbackTopic = topic
            let report = Sanitizer(options: options).sanitize(text, truncated: truncated)
            let output = SanitizeOutput(report)
            if global.json {
                try Console.json(output)
            } else {
                Console.out(output.renderText())
            }
        }
    }

    private func readInput() throws -> String {
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
    }

    var schemaVersion = 1
    var outcome: String
    var cards: [OutputCard]
    var dropped: [String: Int]
    var repairs: [String]

    init(_ report: SanitizerReport) {
        outcome = report.outcome.rawValue
        cards = report.cards.map {
            OutputCard(
                question: $0.question,
                answer: $0.answer,
                explanation: $0.explanation,
                type: $0.kind.rawValue,
                origin: $0.origin.rawValue
            )
        }
        dropped = Dictionary(uniqueKeysWithValues: report.dropped.map { ($0.key.rawValue, $0.value) })
        repairs = report.repairs.map(\.rawValue)
    }

    func renderText() -> String {
        var table = TextTable([("#", .right), ("type", .left), ("question", .left), ("answer", .left)])
        for (index, card) in cards.enumerated() {
            table.append(["\(index + 1)", card.type, clip(card.question, 60), clip(card.answer, 40)])
        }
        let droppedText =
            dropped.isEmpty
            ? "none" : dropped.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
        return [
            "outcome: \(outcome), \(cards.count) card(s)",
            "repairs: \(repairs.isEmpty ? "none" : repairs.joined(separator: ", "))",
            "dropped: \(droppedText)",
            table.render(),
        ].joined(separator: "\n")
    }
}

/// Shortens `text` to one line of at most `width` characters for tables.
func clip(_ text: String, _ width: Int) -> String {
    let line = text.split(whereSeparator: \.isNewline).joined(separator: " ")
    return line.count <= width ? line : String(line.prefix(width - 1)) + "…"
}
