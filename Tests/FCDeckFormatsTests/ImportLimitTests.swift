import FCCore
import FCDeckFormats
import Testing

/// Import applies the card rules and keeps memory bounded: every field is capped while it is read.
struct ImportLimitTests {
    private func items(_ bytes: [UInt8], format: DeckTextReader.Format = .csv, chunk: Int = 65_536) -> [ImportItem] {
        var reader = DeckTextReader(format: format)
        var items: [ImportItem] = []
        var start = 0
        while start < bytes.count {
            let end = min(start + chunk, bytes.count)
            bytes[start..<end].withUnsafeBufferPointer { reader.feed($0) }
            while let item = reader.next() { items.append(item) }
            start = end
        }
        reader.finish()
        while let item = reader.next() { items.append(item) }
        return items
    }

    @Test func aQuestionOverTheLimitNamesItsPlaceAndTheLimit() {
        let text =
            "Q;A\n" + String(repeating: "x", count: 501) + ";A2\nQ3;" + String(repeating: "y", count: 1001) + "\n"
        #expect(
            CSVReaderTests.render(items(Array(text.utf8))) == [
                "Q|A|nil|false", "2:1: the question is too long (501 characters; at most 500)",
                "3:4: the answer is too long (1001 characters; at most 1000)",
            ])
    }

    @Test func aReversedRowsAnswerMustFitAsAQuestion() {
        let text = "Q;" + String(repeating: "a", count: 600) + ";;yes\n"
        #expect(
            CSVReaderTests.render(items(Array(text.utf8))) == [
                "1:3: a reversed row's answer becomes the twin's question, and it is 600 characters (a question has at most 500)"
            ])
    }

    @Test func aHugeFieldIsCountedNotKept() {
        // A 200,000-character question in a quoted field spanning lines, then a good row: the field is reported
        // with its size and the limit, and its line breaks don't turn into rows.
        var bytes = Array("\"".utf8)
        for _ in 0..<200 { bytes += Array(String(repeating: "q", count: 999).utf8) + [0x0A] }
        bytes += Array("\";A\nQ2;A2\n".utf8)
        let found = CSVReaderTests.render(items(bytes))
        #expect(found == ["1:1: the question is too long (200000 bytes; at most 500 characters)", "Q2|A2|nil|false"])
    }

    @Test func aHugeUnquotedAnkiFieldIsCountedNotKept() {
        let bytes =
            Array("#separator:tab\n".utf8) + Array(repeating: UInt8(ascii: "z"), count: 100_000)
            + Array("\tback\n".utf8)
        #expect(
            CSVReaderTests.render(items(bytes, format: .anki)) == [
                "2:1: the question is too long (100000 bytes; at most 500 characters)"
            ])
    }

    @Test func nulBytesAreRefusedWhereTheyAre() {
        let bytes = Array("Q;A\nab".utf8) + [0] + Array("c;d\n\"x\ny".utf8) + [0, 0, 0] + Array("\";z\nQ2;A2\n".utf8)
        #expect(
            CSVReaderTests.render(items(bytes)) == [
                "Q|A|nil|false", "2:3: NUL byte (0x00): a text file has none; is this a text file?",
                "4:2: NUL byte (0x00): a text file has none; is this a text file?", "Q2|A2|nil|false",
            ])
    }

    @Test func aBinaryFileIsReportedOnceALine() {
        let bytes = [UInt8](repeating: 0, count: 200_000) + [0x0A] + [UInt8](repeating: 0, count: 10)
        let found = items(bytes)
        #expect(found.count == 2)
        #expect(
            CSVReaderTests.render(found).first == "1:1: NUL byte (0x00): a text file has none; is this a text file?")
    }

    @Test func tooManyFieldsAndOverlongHeaderLinesAreRefused() {
        let fields = Array(String(repeating: "\t", count: 1_000).utf8) + [0x0A]
        let found = CSVReaderTests.render(items(Array("#separator:tab\n".utf8) + fields, format: .anki))
        #expect(found == ["2:257: expected at most 256 fields in a record"])
        let header = Array("#".utf8) + [UInt8](repeating: UInt8(ascii: "h"), count: 100_000)
        let refused = items(header, format: .anki)
        #expect(CSVReaderTests.render(refused) == ["1:1: expected a header line of at most 65536 bytes"])
    }

    @Test func cardRuleMessagesNameFlagsOnTheCommandLineAndColumnsInFiles() {
        let violation = CardRuleViolation.reverseOfKind(.fillblank)
        #expect(
            violation.commandLineMessage
                == "--reverse does not fit --kind fillblank: its answer is not something to ask about")
        #expect(
            violation.importMessage == "a fillblank card cannot be reversed: its answer is not something to ask about")
        #expect(throws: DeckFormatError.cardRule("the question is too long (501 characters; at most 500)")) {
            _ = try CardRules.check(
                CardContent(
                    question: String(repeating: "é", count: 501), answer: "a", explanation: nil, hasImage: false))
        }
    }
}
