import FCCore
import FCDeckFormats
import Testing

struct CSVReaderTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var label: String
        var input: String
        /// Rows as "question|answer|explanation-or-nil|reversed", problems as "line:column: message".
        var expected: [String]
        var testDescription: String { label }
    }

    static func render(_ items: [ImportItem]) -> [String] {
        items.map { item in
            switch item {
            case .row(let row):
                "\(row.question)|\(row.answer)|\(row.explanation ?? "nil")|\(row.isReversed)"
            case .problem(let problem):
                "\(problem)"
            }
        }
    }

    static let cases: [Case] = [
        Case(
            label: "plain rows with blanks around fields", input: "Q1; A1; E1; yes\nQ2;A2\n",
            expected: ["Q1|A1|E1|true", "Q2|A2|nil|false"]),
        Case(
            label: "header skipped, any case", input: "Question;ANSWER;explanation;reversed\nQ;A;;no\n",
            expected: ["Q|A|nil|false"]),
        Case(
            label: "BOM and CRLF", input: "\u{FEFF}Q1;A1\r\nQ2;A2\r\n",
            expected: ["Q1|A1|nil|false", "Q2|A2|nil|false"]),
        Case(
            label: "quoted separator, quotes and newline", input: "\"a;b\";\"say \"\"hi\"\"\";\"line1\r\nline2\"\n",
            expected: ["a;b|say \"hi\"|line1\nline2|false"]),
        Case(label: "blank after closing quote", input: "\"Q\" ; \"A\" \n", expected: ["Q|A|nil|false"]),
        Case(label: "empty explanation and reversed", input: "Q;A;;\n", expected: ["Q|A|nil|false"]),
        Case(
            label: "every yes/no spelling",
            input: "a;1;;Y\nb;2;;true\nc;3;;1\nd;4;;N\ne;5;;false\nf;6;;0\ng;7;;YES\n",
            expected: [
                "a|1|nil|true", "b|2|nil|true", "c|3|nil|true", "d|4|nil|false", "e|5|nil|false", "f|6|nil|false",
                "g|7|nil|true",
            ]),
        Case(label: "no final newline, blank lines skipped", input: "\n\nQ;A", expected: ["Q|A|nil|false"]),
        Case(
            label: "unicode keeps columns in characters", input: "αβγ;\"x\"y\n",
            expected: ["1:8: expected \";\" or the end of the line after a closing quote"]),
        Case(
            label: "a quote inside an unquoted field is text, as spreadsheets read it",
            input: "Q;A\nab\"c;d\nWho wrote \"Commentarii\"?; Caesar;;\n",
            expected: ["Q|A|nil|false", "ab\"c|d|nil|false", "Who wrote \"Commentarii\"?|Caesar|nil|false"]),
        Case(
            label: "a quoted last field without a final line break", input: "\"Q\";\"A\"",
            expected: ["Q|A|nil|false"]),
        Case(
            label: "too few fields", input: "only a question\n",
            expected: ["1:16: expected at least 2 fields (question, answer) separated by \";\", found 1"]),
        Case(
            label: "too many fields", input: "Q;A;E;yes;question;;extra\n",
            expected: [
                "1:21: expected at most 6 fields (question, answer, explanation, reversed, kind, options) separated by \";\", found 7; quote a field that contains \";\""
            ]),
        Case(
            label: "bad reversed flag", input: "Q;A;E;maybe\n",
            expected: ["1:7: expected yes, no, y, n, true, false, 1, 0 or nothing in the reversed column"]),
        Case(
            label: "empty question and answer", input: ";A\nQ;  \n",
            expected: [
                "1:1: expected a question, found an empty field", "2:3: expected an answer, found an empty field",
            ]),
        Case(
            label: "unterminated quote", input: "Q;A\n\"open;A\n",
            expected: [
                "Q|A|nil|false", "2:1: unterminated quoted field: expected a closing \" before the end of the file",
            ]),
        Case(
            label: "recovers after a bad line", input: "\"a\"b;c\nQ;A\n",
            expected: ["1:4: expected \";\" or the end of the line after a closing quote", "Q|A|nil|false"]),
        Case(
            label: "kind column",
            input: "question;answer;explanation;reversed;kind\nT?;True;;no;truefalse\nA ____;x;;;FILLBLANK\n",
            expected: ["T?|True|nil|false", "A ____|x|nil|false"]),
        Case(
            label: "cloze and mcq rows: the answer may be left to the text and the marked option",
            input: #"""
                question;answer;explanation;reversed;kind;options
                {{c1::x}} y;;;no;cloze
                Q?;;;no;mcq;A|*B|C|D
                Q2?;C*;;no;mcq; a\|b | *c\* | d\\ | e
                Q3?;d;;;mcq;A|B|C|*D

                """#,
            expected: ["{{c1::x}} y|x y|nil|false", "Q?|B|nil|false", "Q2?|c*|nil|false", "Q3?|D|nil|false"]),
        Case(
            label: "cloze and mcq rows that break the rules",
            input: "Q {{c1::x}};A;;no;cloze\nQ;A;;no;mcq\nQ?;B;;no;mcq;A|B|C|D\nQ;A;;no;question;A|*B|C|D\n"
                + "Q?;A;;yes;mcq;*A|B|C|D\nQ?;E;;no;mcq;*A|B|C|D\n",
            expected: [
                "1:13: kind cloze: the answer must be the question with every deletion shown, or empty",
                "2:9: kind mcq needs 4 or 5 options, and the row has none",
                "3:14: kind mcq: a multiple-choice card needs exactly one correct option and has none",
                "4:18: options are only for kind mcq",
                "5:7: a mcq card cannot be reversed: its answer is not something to ask about",
                "6:4: kind mcq: the answer must be the option marked correct, or empty",
            ]),
        Case(
            label: "unknown kind", input: "Q;A;;no;essay\n",
            expected: [
                "1:9: expected question, definition, truefalse, fillblank, math, image, cloze, mcq or nothing in the "
                    + "kind column"
            ]),
        Case(
            label: "the card rules apply: no reversed true/false card", input: "Q;A;;yes;truefalse\n",
            expected: ["1:6: a truefalse card cannot be reversed: its answer is not something to ask about"]),
        Case(
            label: "the card rules apply: kind image needs a picture", input: "Q;A;;no;image\n",
            expected: ["1:9: kind image needs a picture, and the row has none"]),
        Case(
            label: "a formula guard is removed", input: "'=1+1;'@x;'-5-1;no\n'-5;'Tom's\n",
            expected: ["=1+1|@x|-5-1|false", "'-5|'Tom's|nil|false"]),
    ]

    @Test(arguments: cases)
    func readsTheProductFormat(_ testCase: Case) {
        #expect(Self.render(DeckTextReader.items(of: testCase.input, format: .csv)) == testCase.expected)
    }

    @Test func reportsInvalidUTF8AtItsPosition() {
        var reader = DeckTextReader(format: .csv)
        let bytes: [UInt8] = Array("Q;A\nCaf".utf8) + [0xE9] + Array(";x\nQ2;A2\n".utf8)
        bytes.withUnsafeBufferPointer { reader.feed($0) }
        reader.finish()
        var items: [ImportItem] = []
        while let item = reader.next() { items.append(item) }
        #expect(
            Self.render(items) == [
                "Q|A|nil|false", "2:4: invalid UTF-8: the file must be UTF-8 text (save it as UTF-8 and try again)",
                "Q2|A2|nil|false",
            ])
    }

    @Test func refusesUTF16() {
        var reader = DeckTextReader(format: .csv)
        [UInt8]([0xFF, 0xFE, 0x51, 0x00]).withUnsafeBufferPointer { reader.feed($0) }
        reader.finish()
        guard case .problem(let problem)? = reader.next() else {
            Issue.record("expected a problem")
            return
        }
        #expect(problem.isFatal)
        #expect(problem.description == "1:1: the file is UTF-16; save it as UTF-8 and import it again")
    }

    @Test func chunkBoundariesDoNotMatter() {
        let text = "\u{FEFF}question;answer\n\"a;b\";\"c\r\nd\";é;yes\nQ;A\n"
        let whole = DeckTextReader.items(of: text, format: .csv)
        var reader = DeckTextReader(format: .csv)
        var items: [ImportItem] = []
        for byte in Array(text.utf8) {
            [byte].withUnsafeBufferPointer { reader.feed($0) }
            while let item = reader.next() { items.append(item) }
        }
        reader.finish()
        while let item = reader.next() { items.append(item) }
        #expect(items == whole)
        #expect(Self.render(whole) == ["a;b|c\nd|é|true", "Q|A|nil|false"])
    }

    @Test func writerOutputReadsBack() {
        let notes = [
            ExportNote(question: "a;b", answer: "say \"hi\"", explanation: "line1\nline2", isReversed: true),
            ExportNote(question: " padded ", answer: "$x^2$", explanation: nil, isReversed: false),
            ExportNote(kind: .truefalse, question: "=1+1 is 2", answer: "True", explanation: "-x", isReversed: false),
            ExportNote(question: "CRLF\r\nline", answer: "-273.15 °C", explanation: nil, isReversed: false),
        ]
        let text = DeckCSVWriter.header + notes.map(DeckCSVWriter.line(for:)).joined()
        #expect(
            text == #"""
                question;answer;explanation;reversed;kind
                "a;b";"say ""hi""";"line1
                line2";yes;question
                " padded ";$x^2$;;no;question
                '=1+1 is 2;True;'-x;no;truefalse
                "CRLF
                line";-273.15 °C;;no;question

                """#)
        let back = DeckTextReader.items(of: text, format: .csv)
        #expect(
            Self.render(back) == [
                "a;b|say \"hi\"|line1\nline2|true", "padded|$x^2$|nil|false", "=1+1 is 2|True|-x|false",
                "CRLF\nline|-273.15 °C|nil|false",
            ])
    }

    @Test func readsAnkiPlainText() {
        let text = """
            #separator:tab
            #html:true
            #notetype column:1
            #deck column:2
            #tags column:6
            #columns:Note type\tDeck\tFront\tBack\tExplanation\tTags
            Basic (and reversed card)\tRome\t"<img src=""x.png""><br>Who?"\tCaesar &amp; co\tE<br>F\tfcgen
            Basic\tRome\tQ2\tA2\t\tfcgen fcgen::kind::definition
            Basic\tRome\tonly front
            Basic\tRome\t<img src="flag.png">\tFrance\t\tfcgen fcgen::kind::image
            Basic\tRome\t<img src="../etc/x.png">\tA\t\tfcgen
            Basic\tRome\tQ\tA\t\tfcgen::kind::essay

            """
        let items = DeckTextReader.items(of: text, format: .anki)
        #expect(
            Self.render(items) == [
                "Who?|Caesar & co|E\nF|true", "Q2|A2|nil|false",
                "9:22: expected a question and an answer field (columns 3 and 4), found 3 fields",
                "|France|nil|false",
                "11:12: expected a picture file name beside the deck in <img src>, found a path",
                "12:17: expected a kind tag fcgen::kind::<kind> with one of question, definition, truefalse, fillblank, math, image, cloze, mcq",
            ])
        let rows = items.compactMap { item -> ImportRow? in
            if case .row(let row) = item { return row } else { return nil }
        }
        #expect(rows.map(\.imageFile) == ["x.png", nil, "flag.png"])
        #expect(rows.map(\.kind) == [.question, .definition, .image])
    }
}
