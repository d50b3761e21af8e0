import FCDeckFormats
import Testing

struct MathAndAnkiTests {
    @Test(arguments: [
        ("Solve $x^2 = 4$", "Solve \\(x^2 = 4\\)"),
        ("$$\\int_0^1 f$$ done", "\\[\\int_0^1 f\\] done"),
        ("costs $5 and $6", "costs $5 and $6"),
        ("a \\$ sign", "a $ sign"),
        ("already \\(x\\) and \\[y\\]", "already \\(x\\) and \\[y\\]"),
        ("unclosed $x", "unclosed $x"),
        ("α + β ≤ γ", "α + β ≤ γ"),
    ])
    func convertsDollarMathToMathJax(_ text: String, _ expected: String) {
        #expect(MathDelimiters.mathJax(text) == expected)
    }

    @Test func escapesAndUnescapesAnkiHTML() {
        let text = "a < b & \"c\"\nnext\tline $x$"
        let html = AnkiHTML.field(fromText: text)
        #expect(html == "a &lt; b &amp; &quot;c&quot;<br>next&#9;line \\(x\\)")
        #expect(AnkiHTML.text(fromHTML: html) == "a < b & \"c\"\nnext\tline \\(x\\)")
        #expect(AnkiHTML.text(fromHTML: "<div>one</div><b>two</b>&nbsp;&#x41;") == "one\ntwo\u{00A0}A")
    }

    @Test func writesHeadersAndReversedNotes() {
        let writer = AnkiTextWriter(deck: "Roman\thistory")
        #expect(
            writer.header.hasPrefix("#separator:tab\n#html:true\n#notetype column:1\n#deck column:2\n#tags column:6\n"))
        let line = writer.line(
            for: ExportNote(
                question: "Q", answer: "A", explanation: "E", isReversed: true,
                image: ExportImage(hash: "ab", format: .png)))
        #expect(line == "Basic (and reversed card)\tRoman history\t\"<img src=\"\"ab.png\"\"><br>Q\"\tA\tE\tfcgen\n")
    }
}
