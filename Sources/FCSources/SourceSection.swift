/// One section of a source: the text one generation batch is about, and where it came from.
///
/// `start` and `end` are offsets in Unicode scalars from the start of the decoded input (end exclusive). For
/// text, Markdown and a PDF's extracted text, ``text`` is exactly the input's scalars in that range (with `\r\n`
/// read as `\n`); for HTML it is the text extracted from the raw HTML in that range.
package struct SourceSection: Sendable, Hashable {
    /// 1-based position among the source's sections.
    package var index: Int
    /// The heading path (`Cells > Mitochondria`), or `lines 12–30` / `page 3` without headings, plus ` (part 2)`
    /// for the later parts of a section split for length.
    package var title: String
    /// The enclosing headings, outermost first.
    package var headings: [String]
    package var text: String
    package var start: Int
    package var end: Int
    /// The page it starts on: PDFs only.
    package var page: Int?
    /// 1-based line range in the input (in the extracted text for a PDF).
    package var firstLine: Int
    package var lastLine: Int

    package init(
        index: Int, title: String, headings: [String], text: String, start: Int, end: Int, page: Int?,
        firstLine: Int, lastLine: Int
    ) {
        self.index = index
        self.title = title
        self.headings = headings
        self.text = text
        self.start = start
        self.end = end
        self.page = page
        self.firstLine = firstLine
        self.lastLine = lastLine
    }
}
