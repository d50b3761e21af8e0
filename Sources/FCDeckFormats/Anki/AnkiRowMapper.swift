/// Turns records of an Anki plain-text export into rows.
///
/// Note fields are the columns that are not note type, deck, tags or GUID. With `#columns:` names, `front` or
/// `question` is the question, `back` or `answer` the answer, and `explanation`, `extra` or `notes` the
/// explanation; without names the first three fields are taken in that order. A note type whose name contains
/// "reversed" ("Basic (and reversed card)") makes the row reversed. With `#html:true` fields are turned from HTML
/// into text (see ``AnkiHTML/text(fromHTML:)``).
struct AnkiRowMapper: Sendable {
    let header: AnkiHeader
    private let questionIndex: Int
    private let answerIndex: Int
    private let explanationIndex: Int?

    init(header: AnkiHeader) {
        self.header = header
        var fieldColumns: [Int] = []  // 0-based record indexes of note fields, in order
        let count = max(header.columnNames?.count ?? 0, (header.metaColumns.max() ?? 0), 3)
        for index in 0..<(count + 8) where !header.metaColumns.contains(index + 1) { fieldColumns.append(index) }
        func named(_ names: Set<String>) -> Int? {
            guard let columnNames = header.columnNames else { return nil }
            return columnNames.firstIndex { names.contains($0) }
        }
        questionIndex = named(["front", "question"]) ?? fieldColumns[0]
        answerIndex = named(["back", "answer"]) ?? fieldColumns[1]
        if header.columnNames != nil {
            explanationIndex = named(["explanation", "extra", "notes"])
        } else {
            explanationIndex = fieldColumns[2]
        }
    }

    func map(_ record: RawRecord) -> ImportItem {
        let fields = record.fields
        guard questionIndex < fields.count, answerIndex < fields.count else {
            return .problem(
                ImportProblem(
                    at: record.end,
                    "expected a question and an answer field (columns \(questionIndex + 1) and \(answerIndex + 1)),"
                        + " found \(fields.count) field(s)"))
        }
        let question = text(fields[questionIndex].text)
        guard !question.isEmpty else {
            return .problem(ImportProblem(at: fields[questionIndex].position, "expected a question, found nothing"))
        }
        let answer = text(fields[answerIndex].text)
        guard !answer.isEmpty else {
            return .problem(ImportProblem(at: fields[answerIndex].position, "expected an answer, found nothing"))
        }
        let explanation = explanationIndex.flatMap { $0 < fields.count ? text(fields[$0].text) : nil }
        var notetype = header.notetype ?? ""
        if let column = header.notetypeColumn, column - 1 < fields.count { notetype = fields[column - 1].text }
        return .row(
            ImportRow(
                question: question, answer: answer,
                explanation: explanation.flatMap { $0.isEmpty ? nil : $0 },
                isReversed: notetype.lowercased().contains("reversed"), position: fields[0].position))
    }

    private func text(_ field: String) -> String {
        (header.isHTML ? AnkiHTML.text(fromHTML: field) : field).trimmingBlanks()
    }
}
