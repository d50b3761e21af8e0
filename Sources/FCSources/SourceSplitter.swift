/// Bytes of one source in, sections out: ``LineDecoder`` → the format's reader → ``SectionBuilder``.
///
/// Feed it chunks as they are read; it holds at most one line piece and one section, so a 50 MB file goes through
/// in flat memory. A PDF is split from its extracted text (``PlainTextReader`` with page breaks).
///
/// ```swift
/// var splitter = SourceSplitter(format: .markdown, maxCharacters: 6_000)
/// var sections = try splitter.feed(chunk)        // for each chunk read
/// sections += try splitter.finish()
/// let all = try SourceSplitter.sections(of: "# Cells\nText", format: .markdown)   // small inputs at once
/// ```
package struct SourceSplitter: Sendable {
    /// The default (and `--section-chars`') largest section, in Unicode scalars: about 1,500 tokens of prose.
    package static let defaultMaxCharacters = 6_000
    private var decoder: LineDecoder
    private var reader: any SourceEventReader
    private var builder: SectionBuilder

    package init(format: SourceFormat, maxCharacters: Int = defaultMaxCharacters, invalidTolerance: Int = 8) {
        decoder = LineDecoder(invalidTolerance: invalidTolerance)
        switch format {
        case .text, .pdf: reader = PlainTextReader()
        case .markdown: reader = MarkdownReader()
        case .html: reader = HTMLReader()
        }
        builder = SectionBuilder(maxCharacters: maxCharacters, paged: format == .pdf)
    }

    /// Invalid UTF-8 sequences replaced by U+FFFD so far (within the tolerance).
    package var replacedSequences: Int { decoder.replacedSequences }

    /// The sections completed by `chunk`.
    /// - Throws: ``SourceError`` for binary input.
    package mutating func feed(_ chunk: some Collection<UInt8>) throws(SourceError) -> [SourceSection] {
        var sections: [SourceSection] = []
        for line in try decoder.feed(chunk) { sections += consume(line) }
        return sections
    }

    /// The sections still held at the end of the input.
    package mutating func finish() throws(SourceError) -> [SourceSection] {
        var sections: [SourceSection] = []
        for line in try decoder.finish() { sections += consume(line) }
        for event in reader.finish() { sections += builder.consume(event) }
        sections += builder.finish()
        return sections
    }

    private mutating func consume(_ line: SourceLine) -> [SourceSection] {
        var sections: [SourceSection] = []
        for event in reader.consume(line) { sections += builder.consume(event) }
        return sections
    }

    /// Every section of a text held in memory (tests, small inputs).
    package static func sections(
        of text: String, format: SourceFormat, maxCharacters: Int = defaultMaxCharacters
    ) throws(SourceError) -> [SourceSection] {
        var splitter = SourceSplitter(format: format, maxCharacters: maxCharacters)
        return try splitter.feed(Array(text.utf8)) + splitter.finish()
    }
}
