import FCSources
import Testing

struct SectionSizeTests {
    @Test func longSectionsSplitAtParagraphBoundariesWithinTheMaximum() throws {
        let paragraphs = (1...40).map { "Paragraph \($0) " + String(repeating: "word ", count: 20) }
        let text = "# Long\n" + paragraphs.joined(separator: "\n\n") + "\n"
        let sections = try SourceSplitter.sections(of: text, format: .markdown, maxCharacters: 500)
        #expect(sections.count > 4)
        #expect(sections.allSatisfy { $0.text.unicodeScalars.count <= 500 })
        #expect(sections[0].title == "Long")
        #expect(sections[1].title == "Long (part 2)")
        for section in sections {
            #expect(slice(text, section.start, section.end) == section.text)
            // Each part starts at a paragraph.
            #expect(section.text.hasPrefix("Paragraph "))
        }
        let rejoined = sections.map(\.text).joined(separator: "\n\n")
        #expect(rejoined == paragraphs.joined(separator: "\n\n"))
    }

    @Test func aParagraphOrLineLongerThanTheMaximumIsCut() throws {
        let line = (1...300).map { "w\($0)" }.joined(separator: " ")
        let text = line + "\n" + line
        let sections = try SourceSplitter.sections(of: text, format: .text, maxCharacters: 200)
        #expect(sections.allSatisfy { $0.text.unicodeScalars.count <= 200 })
        for section in sections { #expect(slice(text, section.start, section.end) == section.text) }
        #expect(sections.map(\.text).joined().replacing("\n", with: "") == (line + line))
    }

    @Test func plainTextPagesFromFormFeedsNameThePage() throws {
        let text = "Title page\n\u{0C}Chapter one text.\nMore.\n\u{0C}Chapter two.\n\u{0C}"
        let sections = try SourceSplitter.sections(of: text, format: .pdf)
        #expect(sections.map(\.page) == [1, 2, 3])
        #expect(sections.map(\.title) == ["page 1", "page 2", "page 3"])
        #expect(sections[1].text == "Chapter one text.\nMore.")
        for section in sections { #expect(slice(text, section.start, section.end) == section.text) }
    }

    @Test func memoryStaysBoundedWhenFedInSmallChunks() throws {
        var splitter = SourceSplitter(format: .markdown, maxCharacters: 1_000)
        let chunk = Array("## Part\n".utf8) + Array(String(repeating: "Some text here. ", count: 100).utf8) + [0x0A]
        var count = 0
        var lastEnd = 0
        for _ in 0..<200 {
            for section in try splitter.feed(chunk[0..<37]) + splitter.feed(chunk[37...]) {
                #expect(section.start >= lastEnd)
                lastEnd = section.end
                count += 1
            }
        }
        count += try splitter.finish().count
        #expect(count == 400)
    }
}
