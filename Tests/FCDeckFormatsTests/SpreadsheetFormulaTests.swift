import FCDeckFormats
import Testing

/// CSV export protects cells a spreadsheet would run, and import takes exactly that protection off again.
struct SpreadsheetFormulaTests {
    /// (stored text, CSV cell)
    static let cells: [(String, String)] = [
        ("=cmd|' /C calc'!A0", "'=cmd|' /C calc'!A0"),
        ("=HYPERLINK(\"http://x\")", "'=HYPERLINK(\"http://x\")"),
        ("+1+1", "'+1+1"),
        ("+SUM(A1)", "'+SUM(A1)"),
        ("@SUM(A1)", "'@SUM(A1)"),
        ("-2+3", "'-2+3"),
        ("-x", "'-x"),
        ("- a bullet", "'- a bullet"),
        ("-2 +cmd|' /C calc'!A0", "'-2 +cmd|' /C calc'!A0"),
        ("\t=1", "'\t=1"),
        ("'=1", "''=1"),
        ("''@x", "'''@x"),
        // Answers, not formulas: left alone.
        ("-273.15 °C", "-273.15 °C"),
        ("-5", "-5"),
        ("+44 20 7946 0958", "+44 20 7946 0958"),
        ("-1,5", "-1,5"),
        ("Tom's", "Tom's"),
        ("'quoted'", "'quoted'"),
        ("'-5", "'-5"),
        ("a = b", "a = b"),
        ("", ""),
        ("'", "'"),
    ]

    @Test(arguments: cells)
    func neutralisesExactlyWhatASpreadsheetWouldRun(_ cell: (String, String)) {
        #expect(SpreadsheetFormula.neutralised(cell.0) == cell.1)
        #expect(SpreadsheetFormula.restored(cell.1) == cell.0)
    }

    @Test func restoringIsTheInverseOfNeutralising() {
        let alphabet = ["'", "=", "-", "+", "@", "5", " ", "x", ".", "°"]
        // Every text of up to four of these characters survives the round trip.
        var texts = [""]
        for _ in 0..<4 { texts = texts + texts.flatMap { text in alphabet.map { text + $0 } } }
        for text in Set(texts) {
            #expect(SpreadsheetFormula.restored(SpreadsheetFormula.neutralised(text)) == text, "\(text)")
        }
    }
}
