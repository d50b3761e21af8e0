/// Plain text (and `pdftotext` output): every line is content, blank lines separate paragraphs, and a form feed
/// (`\f`, which `pdftotext` writes after each page) is a page break.
package struct PlainTextReader: SourceEventReader {
    package init() {}

    package mutating func consume(_ line: SourceLine) -> [SourceEvent] {
        guard line.text.unicodeScalars.contains("\u{0C}") else {
            return [line.isBlank && !line.continued ? .blank(line) : .text(line)]
        }
        var events: [SourceEvent] = []
        var piece = String.UnicodeScalarView()
        var pieceStart = line.start
        var offset = line.start
        func flush() {
            let text = String(piece)
            let part = SourceLine(text: text, start: pieceStart, end: offset, number: line.number)
            if !part.isBlank { events.append(.text(part)) }
            piece = String.UnicodeScalarView()
        }
        for scalar in line.text.unicodeScalars {
            if scalar == "\u{0C}" {
                flush()
                events.append(.pageBreak)
                pieceStart = offset + 1
            } else {
                piece.append(scalar)
            }
            offset += 1
        }
        flush()
        return events
    }

    package mutating func finish() -> [SourceEvent] { [] }
}
