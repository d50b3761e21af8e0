import FCSources
import Testing

struct HTMLSectionTests {
    static let page = """
        <!DOCTYPE html>
        <html><head><title>Ignored title</title>
        <style>h1 { color: red; } p > a { x: "</p>" }</style>
        <script>if (a < b && c) { document.write("<h1>fake</h1>"); }</script>
        </head><body>
        <!-- a comment with <h2>no heading</h2> -->
        <h1 class="main">Salt &amp; Pepper</h1>
        <p>Salt is <b>sodium</b>&nbsp;chloride &mdash; NaCl &#233;t&#xE9;.</p>
        <p>Pepper comes from <a href="x?a=1&b=2" title='a > b'>vines</a>.</p>
        <h2>Uses</h2>
        <ul><li>Seasoning</li><li>Preserving &unknown; food</li></ul>
        <p>5 < 6 &amp; AT&T</p>
        </body></html>
        """

    @Test func tagsScriptsStylesAndCommentsAreDroppedAndEntitiesDecoded() throws {
        let sections = try SourceSplitter.sections(of: Self.page, format: .html)
        #expect(sections.map(\.title) == ["Salt & Pepper", "Salt & Pepper > Uses"])
        #expect(sections[0].text == "Salt is sodium chloride — NaCl été.\n\nPepper comes from vines.")
        #expect(sections[1].text == "Seasoning\nPreserving &unknown; food\n\n5 < 6 & AT&T")
        let all = sections.map(\.text).joined()
        for hidden in ["Ignored", "color", "document", "fake", "comment", "no heading"] {
            #expect(!all.contains(hidden), "\(hidden) leaked")
        }
    }

    @Test func spansCoverTheRawHTMLOfTheText() throws {
        let sections = try SourceSplitter.sections(of: Self.page, format: .html)
        let first = slice(Self.page, sections[0].start, sections[0].end)
        #expect(first.hasPrefix("Salt is <b>sodium</b>"))
        #expect(first.hasSuffix("vines</a>."))
        let second = slice(Self.page, sections[1].start, sections[1].end)
        #expect(second.hasPrefix("Seasoning</li>"))
        #expect(second.hasSuffix("AT&T"))
    }

    @Test func anHTMLPageWithoutHeadingsNamesItsLines() throws {
        let sections = try SourceSplitter.sections(of: "<p>one</p>\n<p>two</p>", format: .html)
        #expect(sections.map(\.title) == ["lines 1–2"])
        #expect(sections.first?.text == "one\n\ntwo")
    }
}
