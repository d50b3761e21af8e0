public import FCCore

/// Turns records of an Anki plain-text export into rows.
///
/// Note fields are the columns that are not note type, deck, tags or GUID. With `#columns:` names, `front` or
/// `question` is the question, `back` or `answer` the answer, and `explanation`, `extra` or `notes` the
/// explanation; without names the first three fields are taken in that order. A note type whose name contains
/// "reversed" ("Basic (and reversed card)") makes the row reversed. With `#html:true` fields are turned from HTML
/// into text (see ``AnkiHTML/text(fromHTML:)``), and an `<img src="…">` on the front is the card's picture, a
/// file beside the deck. A tag `fcgen::kind::<kind>` sets the card's kind (``AnkiTextWriter`` writes it for every
/// kind but `question`). A note type named "… cloze …" makes a `cloze` card: the first field is its text, the
/// second (Back Extra) its explanation, the answer follows from the text. A card tagged `mcq` reads its options
/// from the front (``AnkiChoices``) and the correct one from the back. Every row is checked by ``CardRules``, as a
/// card added by hand is.
struct AnkiRowMapper: Sendable {
    /// The tag prefix that carries a card's kind.
    static let kindTagPrefix = "fcgen::kind::"

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
                        + " found \(Plural.count(fields.count, "field"))"))
        }
        let sides: [(CardSide, Int?)] = [
            (.question, questionIndex), (.answer, answerIndex), (.explanation, explanationIndex),
        ]
        for (side, index) in sides {
            guard let index, index < fields.count, fields[index].isOverflowing else { continue }
            let violation = CardRuleViolation.tooLongToRead(
                side, bytes: fields[index].byteCount, limit: CardRules.limit(of: side))
            return .problem(ImportProblem(at: fields[index].position, violation.importMessage))
        }
        let front = fields[questionIndex]
        let pictures = header.isHTML ? AnkiHTML.pictureSources(in: front.text) : []
        guard pictures.count <= 1 else {
            return .problem(
                ImportProblem(at: front.position, "expected at most one picture on the front, found \(pictures.count)"))
        }
        if let picture = pictures.first, !Self.isPlainFileName(picture) {
            return .problem(
                ImportProblem(
                    at: front.position, "expected a picture file name beside the deck in <img src>, found a path"))
        }
        var question = text(front.text)
        guard !question.isEmpty || !pictures.isEmpty else {
            return .problem(ImportProblem(at: front.position, "expected a question, found nothing"))
        }
        var notetype = header.notetype ?? ""
        if let column = header.notetypeColumn, column - 1 < fields.count { notetype = fields[column - 1].text }
        let isCloze = notetype.lowercased().contains("cloze")
        var kind = isCloze ? CardKind.cloze : .question
        if let column = header.tagsColumn, column - 1 < fields.count {
            switch Self.kind(fromTags: fields[column - 1].text) {
            case .success(let tagged?): kind = tagged
            case .success(nil): break
            case .failure(let problem): return .problem(ImportProblem(at: fields[column - 1].position, problem.message))
            }
        }
        var answer = text(fields[answerIndex].text)
        var explanation = explanationIndex.flatMap { $0 < fields.count ? text(fields[$0].text) : nil }
        if isCloze {
            // Text and Back Extra: the second field explains, the answer is the text with its deletions shown.
            if !answer.isEmpty { explanation = answer }
            answer = ""
        }
        guard !answer.isEmpty || kind == .cloze else {
            return .problem(ImportProblem(at: fields[answerIndex].position, "expected an answer, found nothing"))
        }
        var choices: CardChoices?
        if kind == .mcq {
            guard let listed = AnkiChoices.split(question) else {
                return .problem(
                    ImportProblem(
                        at: front.position,
                        "kind mcq: expected the options on the front after a blank line, one per line: A) …, B) …"))
            }
            question = listed.question.trimmingBlanks()
            let correct = listed.options.firstIndex { DedupKey.make($0) == DedupKey.make(answer) }
            switch CardChoices.make(listed.options, correctIndex: correct ?? -1) {
            case .success(let read): choices = read
            case .failure(let problem):
                return .problem(ImportProblem(at: front.position, CardRuleViolation.choices(problem).importMessage))
            }
        }
        let isReversed = notetype.lowercased().contains("reversed")
        let content = CardContent(
            kind: kind, question: question, answer: answer, explanation: explanation.flatMap { $0.isEmpty ? nil : $0 },
            hasImage: !pictures.isEmpty, choices: choices)
        do {
            let card = try CardRules.validate(content, reversed: isReversed)
            return .row(
                ImportRow(
                    kind: card.kind, question: card.question, answer: card.answer, explanation: card.explanation,
                    isReversed: isReversed, imageFile: pictures.first, position: fields[0].position,
                    imagePosition: pictures.isEmpty ? nil : front.position, choices: card.choices))
        } catch {
            let index: Int? =
                switch error.side {
                case .question: questionIndex
                case .answer: answerIndex
                case .explanation: explanationIndex
                }
            return .problem(ImportProblem(at: fields[min(index ?? 0, fields.count - 1)].position, error.importMessage))
        }
    }

    private func text(_ field: String) -> String {
        (header.isHTML ? AnkiHTML.text(fromHTML: field) : field).trimmingBlanks()
    }

    /// A problem with a tag, as a value.
    struct TagProblem: Error {
        var message: String
    }

    /// The kind a `fcgen::kind::…` tag names (`nil` without one).
    static func kind(fromTags tags: String) -> Result<CardKind?, TagProblem> {
        for tag in tags.split(whereSeparator: { $0 == " " || $0 == "\t" }) {
            let lowered = tag.lowercased()
            guard lowered.hasPrefix(kindTagPrefix) else { continue }
            guard let kind = CardKind(rawValue: String(lowered.dropFirst(kindTagPrefix.count))) else {
                return .failure(
                    TagProblem(
                        message: "expected a kind tag \(kindTagPrefix)<kind> with one of "
                            + CardKind.allCases.map(\.rawValue).joined(separator: ", ")))
            }
            return .success(kind)
        }
        return .success(nil)
    }

    /// A name without directories, so a deck can only refer to files beside it.
    static func isPlainFileName(_ name: String) -> Bool {
        !name.isEmpty && name != "." && name != ".." && !name.contains("/") && !name.contains("\\")
            && !name.unicodeScalars.contains { $0.value < 0x20 }
    }
}
