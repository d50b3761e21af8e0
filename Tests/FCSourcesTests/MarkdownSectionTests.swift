import FCSources
import Testing

/// The scalars of `text` in `start..<end`, the way a learner's tool (Python `s[a:b]`) reads a span.
func slice(_ text: String, _ start: Int, _ end: Int) -> String {
    let scalars = Array(text.unicodeScalars)
    return String(String.UnicodeScalarView(scalars[start..<end]))
}

struct MarkdownSectionTests {
    static let notes = """
        Intro line before any heading.

        # Cells
        Cells are the basic unit of life.

        ## Mitochondria
        The mitochondrion makes ATP.
        It has two membranes.

        ```
        # not a heading inside a fence

        still code
        ```

        Ribosomes
        ---------
        Ribosomes build proteins.

        # Énergie ✓
        Photosynthesis stores energy in sugar.
        """

    @Test func headingsMakeSectionsWithTheirPath() throws {
        let sections = try SourceSplitter.sections(of: Self.notes, format: .markdown)
        #expect(sections.map(\.title) == ["line 1", "Cells", "Cells > Mitochondria", "Cells > Ribosomes", "Énergie ✓"])
        #expect(sections.map(\.index) == [1, 2, 3, 4, 5])
        #expect(sections[2].text.contains("# not a heading inside a fence"))
        #expect(sections[2].text.hasSuffix("```"))
        #expect(sections[3].headings == ["Cells", "Ribosomes"])
    }

    @Test func spansPointAtTheSectionsTextInUnicodeScalars() throws {
        let sections = try SourceSplitter.sections(of: Self.notes, format: .markdown)
        for section in sections {
            #expect(slice(Self.notes, section.start, section.end) == section.text, "section \(section.title)")
        }
        #expect(sections[1].text == "Cells are the basic unit of life.")
        // The accented heading's section starts after scalars that are several UTF-8 bytes each.
        #expect(sections[4].text == "Photosynthesis stores energy in sugar.")
    }

    @Test func headingsWithoutTextMakeNoSectionAndClosingHashesGo() throws {
        let text = "# Top ##\n## Empty\n### Deep\nBody text.\n"
        let sections = try SourceSplitter.sections(of: text, format: .markdown)
        #expect(sections.map(\.title) == ["Top > Empty > Deep"])
        #expect(sections.first?.text == "Body text.")
    }

    @Test func crlfLinesAndAByteOrderMarkKeepOffsetsInScalars() throws {
        let text = "\u{FEFF}# A\r\nfirst\r\n\r\n# B\r\nsecond\r\n"
        let sections = try SourceSplitter.sections(of: text, format: .markdown)
        #expect(sections.map(\.text) == ["first", "second"])
        #expect(sections.map(\.start) == [6, 20])
        for section in sections { #expect(slice(text, section.start, section.end) == section.text) }
    }

    @Test func formatIsDetectedByContentThenName() {
        #expect(SourceFormat.detect(fileName: "x.txt", prefix: Array("%PDF-1.4\n".utf8)) == .pdf)
        #expect(SourceFormat.detect(fileName: "x.md", prefix: Array("  <!DOCTYPE html><p>".utf8)) == .html)
        #expect(SourceFormat.detect(fileName: "notes.MD", prefix: Array("plain".utf8)) == .markdown)
        #expect(SourceFormat.detect(fileName: "page.htm", prefix: Array("<p>hi".utf8)) == .html)
        #expect(SourceFormat.detect(fileName: nil, prefix: Array("intro\n## Part\n".utf8)) == .markdown)
        #expect(SourceFormat.detect(fileName: nil, prefix: Array("#hashtag only\n".utf8)) == .text)
        #expect(SourceFormat.detect(fileName: "README", prefix: Array("just text".utf8)) == .text)
    }
}
