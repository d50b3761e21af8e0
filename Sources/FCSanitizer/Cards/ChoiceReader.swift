import FCCore

/// Reads a multiple-choice card's options from the shapes models write.
///
/// - `options` / `choices` / `answers`: strings, or objects with the text under `text`/`option`/`label`/`value`/
///   `choice`/`content` and `correct`/`is_correct`/`isCorrect`/`right` true on the correct one. Letter labels in
///   front of every option ("A) Nero", "B. Trajan") are removed.
/// - Which one is correct, first that applies: the flags, if any option has one; else the `answer` that matches an
///   option's text (same ``FCCore/DedupKey``); else `correct_index` (0-based) or a letter (`"B"`, in
///   `correct_option` or as the answer, "B) Nero" too).
/// - `distractors` / `incorrect_answers` with an `answer`: the answer first, then the distractors.
///
/// The result is checked by ``FCCore/CardChoices/make(_:correctIndex:)``: 3–4 distinct distractors.
enum ChoiceReader {
    /// Whether `fields` describe a multiple-choice card: options (two or more) or distractors.
    static func hasChoices(_ fields: CardFields) -> Bool {
        (fields.options?.count ?? 0) >= 2 || fields.distractors != nil
    }

    static func read(_ fields: CardFields, answer: String?) -> Result<CardChoices, CardChoicesProblem> {
        if let elements = fields.options, elements.count >= 2 {
            return fromOptions(elements, answer: answer, correctIndex: fields.correctIndex)
        }
        guard let distractors = fields.distractors, let answer else { return .failure(.noCorrect) }
        return CardChoices.make([answer] + distractors, correctIndex: 0)
    }

    private static func fromOptions(_ elements: [ParsedJSON], answer: String?, correctIndex: String?) -> Result<
        CardChoices, CardChoicesProblem
    > {
        let read = elements.map(option(of:))
        let texts = withoutLetterLabels(read.map { $0.text ?? "" })
        if read.contains(where: { $0.flag != nil }) {
            return CardChoices.make(marked: zip(texts, read).map { (text: $0, isCorrect: $1.flag == true) })
        }
        if let answer {
            let key = DedupKey.make(answer)
            let matches = texts.indices.filter { DedupKey.make(texts[$0]) == key }
            if matches.count == 1 { return CardChoices.make(texts, correctIndex: matches[0]) }
        }
        if let correctIndex, let index = index(from: correctIndex, count: texts.count) {
            return CardChoices.make(texts, correctIndex: index)
        }
        if let answer, let index = letterIndex(answer, count: texts.count) {
            return CardChoices.make(texts, correctIndex: index)
        }
        return .failure(.noCorrect)
    }

    /// The text and correctness flag of one option.
    private static func option(of element: ParsedJSON) -> (text: String?, flag: Bool?) {
        guard case .object(let members, _) = element else {
            return (CardFields.text(of: element).map(TextCleanup.trimmed), nil)
        }
        var text: String?
        var flag: Bool?
        for member in members {
            let key = FieldAliases.normalized(member.key)
            if text == nil, textKeys.contains(key) { text = CardFields.text(of: member.value).map(TextCleanup.trimmed) }
            if flag == nil, flagKeys.contains(key) {
                switch member.value {
                case .bool(let value): flag = value
                case .string(let value): flag = ["true", "yes", "1"].contains(value.lowercased())
                case .number(let value): flag = value == "1"
                default: continue
                }
            }
        }
        return (text, flag)
    }

    private static let textKeys: Set<String> = ["text", "option", "label", "value", "choice", "content", "answer"]
    private static let flagKeys: Set<String> = ["correct", "iscorrect", "right", "isright", "istrue", "isanswer"]

    /// A 0-based index ("2") or a letter ("C", "c)") within `count` options.
    private static func index(from text: String, count: Int) -> Int? {
        if let number = Int(text) { return (0..<count).contains(number) ? number : nil }
        return letterIndex(text, count: count)
    }

    /// "B", "b)", "B.", "(B)", "B) Nero" → 1; "A Roman legion" is no letter.
    private static func letterIndex(_ text: String, count: Int) -> Int? {
        var scalars = Substring(text).unicodeScalars.drop { $0 == "(" }
        guard let letter = scalars.first, letter.isASCII, letter.properties.isAlphabetic else { return nil }
        scalars = scalars.dropFirst()
        if let next = scalars.first, ![")", ".", ":"].contains(next) { return nil }
        let upper = letter.value >= 0x61 ? letter.value - 0x20 : letter.value
        let index = Int(upper) - 0x41
        return (0..<count).contains(index) ? index : nil
    }

    /// Removes "A) ", "B. ", "(C) " in front of every option, when all options have the letters in order.
    private static func withoutLetterLabels(_ texts: [String]) -> [String] {
        var stripped: [String] = []
        for (index, text) in texts.enumerated() {
            let letter = Character(Unicode.Scalar(UInt8(ascii: "A") + UInt8(min(index, 25))))
            var rest = Substring(text)
            if rest.first == "(" { rest = rest.dropFirst() }
            guard rest.first?.uppercased() == String(letter), rest.count > 2 else { return texts }
            rest = rest.dropFirst()
            guard let mark = rest.first, [")", ".", ":"].contains(mark) else { return texts }
            stripped.append(TextCleanup.trimmed(String(rest.dropFirst())))
        }
        return stripped
    }
}
