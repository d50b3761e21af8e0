import FCDeckFormats
import FCStore

/// Streams an import held in memory (a request body) into the store, 64 KiB at a time through the same reader as
/// a file import, between the store's short staging transactions.
///
/// Pictures are files beside a deck file; a body has nothing beside it, so a row naming a picture is a bad row
/// saying how to add the picture afterwards.
struct BytesRowSource: CardRowSource {
    let bytes: [UInt8]
    let skipBad: Bool
    let log: ImportProblemLog
    var reader: DeckTextReader
    private var offset = 0
    private var isAtEnd = false

    init(bytes: [UInt8], format: DeckTextReader.Format, separator: CSVSeparator?, skipBad: Bool, log: ImportProblemLog)
    {
        self.bytes = bytes
        self.skipBad = skipBad
        self.log = log
        reader = DeckTextReader(format: format, separator: separator)
    }

    mutating func next() throws -> ImportedCard? {
        while true {
            while let item = reader.next() {
                switch item {
                case .row(let row):
                    // Once a row is bad an all-or-nothing import will roll back: keep reading only to report.
                    if !skipBad && log.total > 0 { continue }
                    if let file = row.imageFile {
                        log.record(
                            ImportProblem(
                                at: row.imagePosition ?? row.position,
                                "picture \(file): an import body carries no picture files; import the row without it"
                                    + " and upload the picture to the card"))
                        continue
                    }
                    let card = ImportedCard(
                        kind: row.kind, question: row.question, answer: row.answer, explanation: row.explanation,
                        isReversed: row.isReversed, choices: row.choices)
                    log.noteGoodRow(card)
                    log.noteSeparator(reader.separator)
                    return card
                case .problem(let problem):
                    log.record(problem)
                    if problem.isFatal { isAtEnd = true }
                }
            }
            if isAtEnd { return nil }
            guard offset < bytes.count else {
                reader.finish()
                isAtEnd = true
                continue
            }
            let end = min(offset + 65_536, bytes.count)
            bytes.withUnsafeBufferPointer { reader.feed(UnsafeBufferPointer(rebasing: $0[offset..<end])) }
            offset = end
        }
    }

    func finish(_ summary: ImportSummary) throws {
        log.noteSeparator(reader.separator)
        if !skipBad && log.total > 0 {
            throw ImportRejection(problems: log.kept, total: log.total, isEmpty: false)
        }
        if summary.rows == 0 { throw ImportRejection(problems: log.kept, total: log.total, isEmpty: true) }
    }
}
