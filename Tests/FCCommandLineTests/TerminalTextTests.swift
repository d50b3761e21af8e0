import FCCommandLine
import Logging
import Testing

/// Control characters reach the terminal only as inert text.
struct TerminalTextTests {
    static let osc52 = "\u{1B}]52;c;cm0gLXJmIH4=\u{07}"
    static let clear = "\u{1B}[2J\u{1B}[H"

    @Test func escapeSequencesAreShownNotObeyed() {
        #expect(TerminalText.escape("Rome\(Self.clear)") == "Rome\\u{1B}[2J\\u{1B}[H")
        #expect(TerminalText.escape("x\(Self.osc52)y") == "x\\u{1B}]52;c;cm0gLXJmIH4=\\u{7}y")
        #expect(TerminalText.escape("a\u{9B}31mb\u{7F}") == "a\\u{9B}31mb\\u{7F}", "C1 CSI and DEL too")
        #expect(TerminalText.escape("over\rwrite") == "over\\u{D}write")
    }

    @Test func lineFeedsAndTabsStayUnlessAskedAndPlainTextIsUntouched() {
        #expect(TerminalText.escape("two roots:\n\t+2 and -2") == "two roots:\n\t+2 and -2")
        #expect(TerminalText.escape("a\nb", keepingLineFeeds: false) == "a\\u{A}b")
        let latex = #"\(\frac{1}{2}\) é 🏛"#
        #expect(TerminalText.escape(latex) == latex)
    }

    @Test func aLogMessageCannotForgeALogLine() {
        let lines = CapturedLines()
        let logger = LogFormat.text.logger(label: "fcgen", sink: lines.sink)
        logger.error("openai rejected the request (HTTP 401): bad key\nfcgen: error: forged\r\(Self.osc52)")
        let text = lines.all.joined(separator: "\n")
        #expect(!text.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 || $0 == "\r" })
        let starts = text.split(separator: "\n").filter { $0.hasPrefix("fcgen: ") }
        #expect(starts.count == 1, "the forged line is indented: \(text)")
        #expect(text.contains("\n  fcgen: error: forged\\u{D}\\u{1B}]52;"))
    }
}
