public import FCCore

/// Turns records of the product's CSV format into rows: `question; answer; explanation; reversed; kind; options`.
///
/// The first record is a header, and skipped, when its first two fields are `question` and `answer` (any case).
/// Explanation, reversed, kind and options may be missing or empty; reversed accepts yes/no/y/n/true/false/1/0 in
/// any case, kind one of ``FCCore/CardKind`` (empty: `question`), options a multiple-choice card's options
/// (``ChoiceList``). A `cloze` or `mcq` row may leave the answer empty: it follows from the cloze text or the option
/// marked correct. A text cell that export protected with a `'` against
/// spreadsheet formulas gets it removed (``SpreadsheetFormula``). Every row is checked by ``CardRules``, as a card
/// added by hand is.
struct DeckCSVRowMapper: Sendable {
    private var isFirstRecord = true
    /// The file's separator, named in problems.
    let separator: CSVSeparator

    init(separator: CSVSeparator) {
        self.separator = separator
    }

    static let columns = ["question", "answer", "explanation", "reversed", "kind", "options"]
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
                    at: record.end,
                    "expected at least 2 fields (question, answer) separated by \(separator.shown), found "
                        + "\(fields.count)"))
        }
        guard fields.count <= Self.columns.count else {
            return .problem(
                ImportProblem(
                    at: fields[Self.columns.count].position,
                    "expected at most 6 fields (question, answer, explanation, reversed, kind, options) separated "
                        + "by \(separator.shown), found \(fields.count); quote a field that contains \(separator.shown)"
                ))
        }
        for (index, field) in fields.enumerated() where field.isOverflowing {
            guard index < CardSide.allCases.count else {
                return .problem(ImportProblem(at: field.position, "expected a short \(Self.columns[index]) value"))
            }
            let side = CardSide.allCases[index]
            let violation = CardRuleViolation.tooLongToRead(
                side, bytes: field.byteCount, limit: CardRules.limit(of: side))
            return .problem(ImportProblem(at: field.position, violation.importMessage))
        }
        let question = text(fields[0])
        guard !question.isEmpty else {
            return .problem(ImportProblem(at: fields[0].position, "expected a question, found an empty field"))
        }
        var kind = CardKind.question
        if fields.count > 4 {
            let name = CardRules.trimmed(fields[4].text).lowercased()
            guard let parsed = name.isEmpty ? .question : CardKind(rawValue: name) else {
                return .problem(
                    ImportProblem(
                        at: fields[4].position,
                        "expected " + CardKind.allCases.map(\.rawValue).joined(separator: ", ")
                            + " or nothing in the kind column"))
            }
            kind = parsed
        }
        let answer = text(fields[1])
        guard !answer.isEmpty || kind == .cloze || kind == .mcq else {
            return .problem(ImportProblem(at: fields[1].position, "expected an answer, found an empty field"))
        }
        var choices: CardChoices?
        let list = fields.count > 5 ? text(fields[5]) : ""
        if !list.isEmpty {
            switch ChoiceList.decode(list) {
            case .success(let read): choices = read
            case .failure(let problem):
                return .problem(ImportProblem(at: fields[5].position, CardRuleViolation.choices(problem).importMessage))
            }
        }
        let explanation = fields.count > 2 ? text(fields[2]) : ""
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
        let content = CardContent(
            kind: kind, question: question, answer: answer, explanation: explanation.isEmpty ? nil : explanation,
            hasImage: false, choices: choices)
        do {
            let card = try CardRules.validate(content, reversed: isReversed)
            return .row(
                ImportRow(
                    kind: card.kind, question: card.question, answer: card.answer, explanation: card.explanation,
                    isReversed: isReversed, position: fields[0].position, choices: card.choices))
        } catch {
            return .problem(ImportProblem(at: position(of: error, in: fields), error.importMessage))
        }
    }

    /// A text cell as stored: trimmed, without the `'` export put before a formula-like cell.
    private func text(_ field: RawField) -> String {
        SpreadsheetFormula.restored(CardRules.trimmed(field.text))
    }

    /// The field a broken rule is about: reversal problems point at the reversed column, kind problems at kind.
    private func position(of violation: CardRuleViolation, in fields: [RawField]) -> TextPosition {
        let index: Int
        switch violation {
        case .reverseWithoutQuestion, .reverseOfKind: index = 3
        case .imageKindWithoutImage, .pictureOnlyWithKind: index = 4
        case .choices, .choicesWithoutMCQ, .mcqWithoutChoices: index = fields.count > 5 ? 5 : 4
        default: index = CardSide.allCases.firstIndex(of: violation.side) ?? 0
        }
        return fields[min(index, fields.count - 1)].position
    }
}
