import FCCore

/// Writes the product's CSV format, the one ``DeckTextReader`` reads back: a header, then
/// `question;answer;explanation;reversed;kind` per note, LF line ends, UTF-8 without BOM. A multiple-choice card
/// adds a sixth field, its options (``ChoiceList``), and a deck holding one has the header ``headerWithOptions``.
///
/// A field is quoted only when it must be: when it holds `;`, `"`, a line break, or blanks at either end (which
/// the reader would otherwise trim). Line breaks inside a field are written as LF (the reader turns CRLF into LF
/// anyway, so a second export is the same file). A text cell a spreadsheet would run as a formula gets a `'` in
/// front (``SpreadsheetFormula``), which import removes. Reversed is `yes` or `no`. Pictures have no column: the
/// caller leaves picture-only cards out and says so (see `DeckExporter` in FCPipeline).
///
/// ```swift
/// var text = DeckCSVWriter.header
/// text += DeckCSVWriter.line(for: ExportNote(question: "a;b", answer: "=c", explanation: nil, isReversed: false))
/// // "question;answer;explanation;reversed;kind\n\"a;b\";'=c;;no;question\n"
/// ```
public enum DeckCSVWriter {
    public static let header = "question;answer;explanation;reversed;kind\n"
    /// The header of a deck with multiple-choice cards.
    public static let headerWithOptions = "question;answer;explanation;reversed;kind;options\n"

    /// The header for `notes`: with the options column when one of them has options.
    public static func header(for notes: [ExportNote]) -> String {
        notes.contains { $0.choices != nil } ? headerWithOptions : header
    }

    /// One note as a line, ending in `\n`. A picture is not written; options are, as a sixth field.
    public static func line(for note: ExportNote) -> String {
        var texts = [note.question, note.answer, note.explanation ?? ""].map {
            field(SpreadsheetFormula.neutralised(lineFeeds($0)))
        }
        texts += [note.isReversed ? "yes" : "no", note.kind.rawValue]
        if let choices = note.choices {
            texts.append(field(SpreadsheetFormula.neutralised(lineFeeds(ChoiceList.encode(choices)))))
        }
        return texts.joined(separator: ";") + "\n"
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

    /// CRLF and lone CR as LF, as the reader stores them.
    private static func lineFeeds(_ text: String) -> String {
        guard text.unicodeScalars.contains("\r") else { return text }
        var result = String.UnicodeScalarView()
        var previousWasCR = false
        for scalar in text.unicodeScalars {
            if scalar == "\r" {
                result.append("\n")
            } else if !(scalar == "\n" && previousWasCR) {
                result.append(scalar)
            }
            previousWasCR = scalar == "\r"
        }
        return String(result)
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
