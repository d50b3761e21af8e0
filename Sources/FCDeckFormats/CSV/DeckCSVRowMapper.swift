/// Turns records of the product's CSV format into rows: `question; answer; explanation; reversed`.
///
/// The first record is a header, and skipped, when its first two fields are `question` and `answer` (any case).
/// Explanation and reversed may be missing or empty; reversed accepts yes/no/y/n/true/false/1/0 in any case.
struct DeckCSVRowMapper: Sendable {
    private var isFirstRecord = true

    static let columns = ["question", "answer", "explanation", "reversed"]
    static let yes: Set<String> = ["yes", "y", "true", "1"]
    static let no: Set<String> = ["no", "n", "false", "0", ""]

    mutating func map(_ record: RawRecord) -> ImportItem? {
        defer { isFirstRecord = false }
        let fields = record.fields
        if isFirstRecord, fields.count >= 2, fields[0].text.lowercased() == "question",
            fields[1].text.lowercased() == "answer"
        {
            return nil
        }
        guard fields.count >= 2 else {
            return .problem(
                ImportProblem(
                    at: record.end, "expected at least 2 fields (question; answer), found \(fields.count)"))
        }
        guard fields.count <= 4 else {
            return .problem(
                ImportProblem(
                    at: fields[4].position,
                    "expected at most 4 fields (question; answer; explanation; reversed), found \(fields.count);"
                        + " quote a field that contains \";\""))
        }
        let question = CardRules.trimmed(fields[0].text)
        guard !question.isEmpty else {
            return .problem(ImportProblem(at: fields[0].position, "expected a question, found an empty field"))
        }
        let answer = CardRules.trimmed(fields[1].text)
        guard !answer.isEmpty else {
            return .problem(ImportProblem(at: fields[1].position, "expected an answer, found an empty field"))
        }
        let explanation = fields.count > 2 ? CardRules.trimmed(fields[2].text) : ""
        var isReversed = false
        if fields.count > 3 {
            let flag = CardRules.trimmed(fields[3].text).lowercased()
            if Self.yes.contains(flag) {
                isReversed = true
            } else if !Self.no.contains(flag) {
                return .problem(
                    ImportProblem(
                        at: fields[3].position,
                        "expected yes, no, y, n, true, false, 1, 0 or nothing in the reversed column"))
            }
        }
        return .row(
            ImportRow(
                question: question, answer: answer, explanation: explanation.isEmpty ? nil : explanation,
                isReversed: isReversed, position: fields[0].position))
    }
}
