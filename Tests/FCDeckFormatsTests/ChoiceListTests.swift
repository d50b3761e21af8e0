import FCCore
import FCDeckFormats
import Testing

/// Multiple-choice options in the CSV `options` column and in Anki notes, and cloze cards as Anki Cloze notes.
struct ChoiceListTests {
    @Test func anyOptionTextSurvivesTheColumn() throws {
        let choices = try CardChoices.make(["a|b", "*star", #"back\slash"#, "plain", "ends\\"], correctIndex: 3).get()
        let field = ChoiceList.encode(choices)
        #expect(field == #"a\|b|\*star|back\\slash|*plain|ends\\"#)
        #expect(ChoiceList.decode(field) == .success(choices))
    }

    @Test func aColumnThatIsNoSetOfOptionsSaysWhy() {
        #expect(ChoiceList.decode("A|B|C|D") == .failure(.noCorrect))
        #expect(ChoiceList.decode("*A|*B|C|D") == .failure(.severalCorrect(2)))
        #expect(ChoiceList.decode("*A|B|C") == .failure(.tooFewDistractors(2)))
        #expect(ChoiceList.decode("*A|B|C|D|E|F") == .failure(.tooManyDistractors(5)))
        #expect(ChoiceList.decode("*A|B|a.|D") == .failure(.duplicateOption("a.")))
        #expect(ChoiceList.decode("*A||C|D") == .failure(.emptyOption(position: 2)))
    }

    static func rows(_ items: [ImportItem]) -> [ImportRow] {
        items.compactMap { item -> ImportRow? in
            if case .row(let row) = item { return row } else { return nil }
        }
    }

    @Test func ankiNotesWrittenForClozeAndChoiceCardsReadBack() throws {
        let writer = AnkiTextWriter(deck: "Rome")
        let choices = try CardChoices.make(["Remus", "Romulus & Remus", "<Numa>", "Tullus"], correctIndex: 1).get()
        let notes = [
            ExportNote(
                kind: .cloze, question: "{{c1::Romulus}} founded\nRome", answer: "Romulus founded\nRome",
                explanation: "Legend.", isReversed: false),
            ExportNote(
                kind: .mcq, question: "Who founded Rome?", answer: "Romulus & Remus", explanation: nil,
                isReversed: false, choices: choices),
        ]
        let lines = notes.map(writer.line(for:))
        #expect(lines[0] == "Cloze\tRome\t{{c1::Romulus}} founded<br>Rome\tLegend.\t\tfcgen fcgen::kind::cloze\n")
        #expect(
            lines[1]
                == "Basic\tRome\tWho founded Rome?<br><br>A) Remus<br>B) Romulus &amp; Remus<br>C) &lt;Numa&gt;<br>"
                + "D) Tullus\tRomulus &amp; Remus\t\tfcgen fcgen::kind::mcq\n")
        let rows = Self.rows(DeckTextReader.items(of: writer.header + lines.joined(), format: .anki))
        try #require(rows.count == 2)
        #expect(rows[0].kind == .cloze && rows[0].question == "{{c1::Romulus}} founded\nRome")
        #expect(rows[0].answer == "Romulus founded\nRome" && rows[0].explanation == "Legend.")
        #expect(rows[1].kind == .mcq && rows[1].question == "Who founded Rome?")
        #expect(rows[1].choices == choices && rows[1].answer == "Romulus & Remus")
    }

    @Test func anAnkiClozeNoteFromAnkiAndAChoiceNoteWithoutItsListAreRead() {
        let text = """
            #separator:tab
            #html:true
            #notetype column:1
            #tags column:4
            Cloze\t{{c1::Caesar}} crossed the {{c2::Rubicon}}\t49 BC\t
            Cloze\tno deletion here\t\t
            Basic\tWho?\tA\tfcgen::kind::mcq
            Basic\tWho?<br><br>A) X<br>B) Y<br>C) Z<br>D) W\tV\tfcgen::kind::mcq

            """
        let items = DeckTextReader.items(of: text, format: .anki)
        #expect(
            items.map { item -> String in
                switch item {
                case .row(let row): "\(row.kind.rawValue)|\(row.question)|\(row.answer)|\(row.explanation ?? "nil")"
                case .problem(let problem): "\(problem)"
                }
            } == [
                "cloze|{{c1::Caesar}} crossed the {{c2::Rubicon}}|Caesar crossed the Rubicon|49 BC",
                "6:7: kind cloze: a cloze card needs at least one deletion such as {{c1::answer}}",
                "7:7: kind mcq: expected the options on the front after a blank line, one per line: A) …, B) …",
                "8:7: kind mcq: a multiple-choice card needs exactly one correct option and has none",
            ])
    }
}
