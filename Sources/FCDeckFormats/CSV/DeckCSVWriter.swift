/// Writes the product's CSV format, the one ``DeckTextReader`` reads back: a header, then
/// `question;answer;explanation;reversed` per note, LF line ends, UTF-8 without BOM.
///
/// A field is quoted only when it must be: when it holds `;`, `"`, a line break, or blanks at either end (which
/// the reader would otherwise trim). Reversed is `yes` or `no`. Images have no column: an image card is written
/// with its question only, and ``skippedImages`` counts them so the caller can say so.
///
/// ```swift
/// var writer = DeckCSVWriter()
/// var text = DeckCSVWriter.header
/// text += writer.line(for: ExportNote(question: "a;b", answer: "c", explanation: nil, isReversed: false))
/// // "question;answer;explanation;reversed\n\"a;b\";c;;no\n"
/// ```
public struct DeckCSVWriter: Sendable {
    public static let header = "question;answer;explanation;reversed\n"
    /// Notes whose picture could not be written (CSV has no image column).
    public private(set) var skippedImages = 0

    public init() {}

    /// One note as a line, ending in `\n`.
    public mutating func line(for note: ExportNote) -> String {
        if note.image != nil { skippedImages += 1 }
        let fields = [note.question, note.answer, note.explanation ?? "", note.isReversed ? "yes" : "no"]
        return fields.map(Self.field).joined(separator: ";") + "\n"
    }

    /// `text` as one field, quoted (with doubled quotes) when the reader needs it to be.
    public static func field(_ text: String) -> String {
        let needsQuotes =
            text.contains { $0 == ";" || $0 == "\"" || $0.isNewline }
            || text.first.map { $0 == " " || $0 == "\t" } == true
            || text.last.map { $0 == " " || $0 == "\t" } == true
        guard needsQuotes else { return text }
        return "\"" + text.replacingQuotes() + "\""
    }
}

extension String {
    fileprivate func replacingQuotes() -> String {
        var result = ""
        result.reserveCapacity(utf8.count + 2)
        for character in self {
            if character == "\"" { result += "\"\"" } else { result.append(character) }
        }
        return result
    }
}
