/// What a format reader hands the ``SectionBuilder``: the structure of the input, independent of its format.
package enum SourceEvent: Sendable, Hashable {
    /// A heading of `level` 1–6 (Markdown `#`, HTML `<h1>`…): it starts a section. `start`/`end` span the heading.
    case heading(level: Int, title: String, start: Int, end: Int)
    /// A line of content: verbatim for text and Markdown, the extracted text for HTML.
    case text(SourceLine)
    /// A paragraph boundary: a blank line (kept verbatim), or the end of an HTML block (an empty line).
    case blank(SourceLine)
    /// A form feed: the next PDF page starts.
    case pageBreak
}

/// One format's reader: decoded lines in, structure out.
package protocol SourceEventReader: Sendable {
    /// The events `line` completes.
    mutating func consume(_ line: SourceLine) -> [SourceEvent]
    /// The events still held back at the end of the input.
    mutating func finish() -> [SourceEvent]
}

extension SourceLine {
    /// Only white space (or nothing).
    var isBlank: Bool { text.unicodeScalars.allSatisfy { $0.properties.isWhitespace } }
}
