import FCDeckFormats
import Testing

/// A CSV file's separator is chosen from its first records: `,` and tab files import as they are, a `;` file stays
/// `;` even when its answers hold commas, and a forced separator wins.
struct CSVSeparatorTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var label: String
        var input: String
        var separator: CSVSeparator
        /// Rows as "question|answer".
        var rows: [String]
        var testDescription: String { label }
    }

    static let cases: [Case] = [
        Case(
            label: "comma with a header and a quoted comma",
            input: "question,answer\nWho?,Caesar\nWhen?,\"44 BC, in March\"\n", separator: .comma,
            rows: ["Who?|Caesar", "When?|44 BC, in March"]),
        Case(
            label: "comma without a header, explanation column", input: "Q1,A1,E1\nQ2,A2,E2\n", separator: .comma,
            rows: ["Q1|A1", "Q2|A2"]),
        Case(
            label: "semicolon whose answers hold commas", input: "Capital of Italy?;Rome, Italy\nQ2;A, B, C\n",
            separator: .semicolon, rows: ["Capital of Italy?|Rome, Italy", "Q2|A, B, C"]),
        Case(
            label: "semicolon header decides against commas in the rows",
            input: "question;answer\nA, B?;C, D\n", separator: .semicolon, rows: ["A, B?|C, D"]),
        Case(label: "tab-separated", input: "Q1\tA1\nQ2\tA, 2\n", separator: .tab, rows: ["Q1|A1", "Q2|A, 2"]),
        Case(label: "one comma line, no line break", input: "Q,A", separator: .comma, rows: ["Q|A"]),
        Case(
            label: "a BOM and CRLF", input: "\u{FEFF}question,answer\r\nQ,A\r\n", separator: .comma, rows: ["Q|A"]),
        Case(
            label: "a quoted line break in the first record", input: "\"Q\nstill Q\",A\nQ2,A2\n", separator: .comma,
            rows: ["Q\nstill Q|A", "Q2|A2"]),
    ]

    static func rows(_ items: [ImportItem]) -> [String] {
        items.map { item in
            switch item {
            case .row(let row): "\(row.question)|\(row.answer)"
            case .problem(let problem): "problem \(problem)"
            }
        }
    }

    @Test(arguments: cases)
    func chosenFromTheFirstRecords(_ test: Case) {
        var reader = DeckTextReader(format: .csv)
        var items: [ImportItem] = []
        // Fed a byte at a time: the choice waits for enough of the file, whatever the chunks.
        for byte in test.input.utf8 {
            [byte].withUnsafeBufferPointer { reader.feed($0) }
            while let item = reader.next() { items.append(item) }
        }
        reader.finish()
        while let item = reader.next() { items.append(item) }
        #expect(reader.separator == test.separator)
        #expect(!reader.isSeparatorForced)
        #expect(Self.rows(items) == test.rows)
    }

    @Test func theChoiceWaitsForTwentyRecordsAndReadsAllOfThem() {
        let lines = (1...60).map { "Q\($0),A\($0)" }.joined(separator: "\n") + "\n"
        let items = DeckTextReader.items(of: lines, format: .csv)
        #expect(Self.rows(items) == (1...60).map { "Q\($0)|A\($0)" })
    }

    @Test func aForcedSeparatorWinsAndProblemsNameIt() {
        let text = "Who?,Caesar\nWhen?,44 BC\n"
        var reader = DeckTextReader(format: .csv, separator: .semicolon)
        Array(text.utf8).withUnsafeBufferPointer { reader.feed($0) }
        reader.finish()
        #expect(reader.isSeparatorForced && reader.separator == .semicolon)
        var problems: [String] = []
        while let item = reader.next() { if case .problem(let problem) = item { problems.append("\(problem)") } }
        #expect(problems.first == "1:12: expected at least 2 fields (question, answer) separated by \";\", found 1")
        #expect(
            Self.rows(DeckTextReader.items(of: "a\tb;c\n", format: .csv, separator: .tab)) == ["a|b;c"])
    }

    @Test func nothingSplitsKeepsSemicolon() {
        #expect(CSVSeparatorSniffer.choose(Array("just one field\nanother\n".utf8), isWholeFile: true) == .semicolon)
        #expect(CSVSeparatorSniffer.choose([], isWholeFile: true) == .semicolon)
        // Seven fields is no card on any separator.
        #expect(CSVSeparatorSniffer.choose(Array("a,b,c,d,e,f,g\n".utf8), isWholeFile: true) == .semicolon)
    }
}
