import FCCore
import FCSanitizer
import Testing

/// The LaTeX rule for `\b \f \n \r \t` (see `LatexCommands`), through the public sanitizer.
struct LatexEscapeTests {
    /// The answer the sanitizer reads from `{"question":"Q?","answer":"<raw>"}`.
    private func answer(_ raw: String) -> String? {
        Sanitizer().sanitize(#"{"question":"Q?","answer":"\#(raw)"}"#).cards.first?.answer
    }

    @Test(arguments: [
        (#"\frac{1}{2}"#, #"\frac{1}{2}"#),
        (#"\beta + \theta"#, #"\beta + \theta"#),
        (#"\nabla \cdot E"#, #"\nabla \cdot E"#),
        (#"\rho \tau \times \to"#, #"\rho \tau \times \to"#),
        (#"\text{m/s}"#, #"\text{m/s}"#),
        (#"\(\sqrt{x}\)"#, #"\(\sqrt{x}\)"#),
        (#"\[ \binom{n}{k} \]"#, #"\[ \binom{n}{k} \]"#),
    ])
    func latexCommandsKeepTheirBackslash(_ raw: String, _ expected: String) {
        #expect(answer(raw) == expected)
    }

    @Test(arguments: [
        (#"One\nTwo"#, "One\nTwo"),
        (#"a\tb"#, "a\tb"),
        (#"Line\nthe end"#, "Line\nthe end"),
        (#"e.g.\ne.g. again"#, "e.g.\ne.g. again"),
        (#"i.e.\ni.e."#, "i.e.\ni.e."),
        (#"costs $5\nthen more"#, "costs $5\nthen more"),
        (#"Tab\tanother"#, "Tab\tanother"),
    ])
    func realEscapesStayEscapes(_ raw: String, _ expected: String) {
        #expect(answer(raw) == expected)
    }

    @Test func unknownWordInsideMathIsLatex() {
        #expect(answer(#"$\bmatrix + \tilde{x}$ and \(\ftest\)"#) == #"$\bmatrix + \tilde{x}$ and \(\ftest\)"#)
    }

    @Test func strictJSONWithLatexCommandCountsAsRepaired() {
        let report = Sanitizer().sanitize(#"[{"question":"What is \frac{a}{b}?","answer":"a over b"}]"#)
        #expect(report.outcome == .repaired)
        #expect(report.repairs == [.latexEscapes])
    }
}
