import FCCore

/// Maps the card types models write to ``CardKind`` and normalises true/false answers.
///
/// Type names are compared lowercase with only letters and digits, so `True/False`, `true_false` and
/// `TRUE-FALSE` are one name; `cloze` and `multiple_choice`/`mcq` name the two kinds with extra structure. Unknown names (`fact`, `concept`, `Q&A`) mean `question`.
enum CardKindReader {
    /// The kind a type name stands for.
    static func kind(named name: String) -> CardKind {
        kinds[name] ?? kinds[FieldAliases.normalized(name)] ?? .question
    }

    private static let kinds: [String: CardKind] = {
        var table: [String: CardKind] = [:]
        let definitions = [
            "definition", "def", "term", "terms", "vocabulary", "vocab", "glossary", "terminology", "define",
            "termdefinition",
        ]
        let truths = ["truefalse", "tf", "trueorfalse", "boolean", "bool", "yesno", "tof"]
        let blanks = [
            "fillblank", "fillblanks", "fillintheblank", "fillintheblanks", "fillin", "fillinblank", "blank",
            "blanks", "gapfill", "fillthegap", "completion", "sentencecompletion",
        ]
        for name in definitions { table[name] = .definition }
        for name in truths { table[name] = .truefalse }
        for name in blanks { table[name] = .fillblank }
        // "cloze" was read as fillblank before cloze cards existed; the validator still falls back to fillblank
        // for a cloze with several blanks.
        for name in ["cloze", "clozedeletion", "clozecard", "clozetest"] { table[name] = .cloze }
        let choices = [
            "mcq", "multiplechoice", "multiplechoicequestion", "choice", "mc", "singlechoice", "multichoice",
            "multiplechoicequiz",
        ]
        for name in choices { table[name] = .mcq }
        return table
    }()

    /// The truth value an answer starts with, as "True" or "False", and the rest of the answer.
    ///
    /// "true", "T", "yes", "correct" → "True"; "false", "F", "no", "incorrect" → "False" (any case). The rest is
    /// what follows the word and its separator: "False. Rome was founded in 753 BC" → ("False", "Rome was …").
    static func truthValue(of answer: String) -> (value: String, remainder: String)? {
        let utf8 = answer.utf8
        var end = utf8.startIndex
        var word: [UInt8] = []
        while end < utf8.endIndex, ASCII.isLetter(utf8[end]), word.count <= 9 {
            word.append(ASCII.lowercased(utf8[end]))
            end = utf8.index(after: end)
        }
        let value: String
        switch String(decoding: word, as: UTF8.self) {
        case "true", "t", "yes", "y", "correct", "right": value = "True"
        case "false", "f", "no", "n", "incorrect", "wrong": value = "False"
        default: return nil
        }
        let rest = String(answer[end...])
        var remainder = Substring(rest)
        while let first = remainder.unicodeScalars.first,
            first == "." || first == "," || first == ";" || first == ":" || first == "!" || first == "-"
                || first == "\u{2013}" || first == "\u{2014}" || TextCleanup.isBlank(first)
        {
            remainder = Substring(remainder.unicodeScalars.dropFirst())
        }
        // "Trueish" or "Note" is no truth value: the word must end at a separator.
        if let next = rest.unicodeScalars.first, next.properties.isAlphabetic || next.properties.numericType != nil {
            return nil
        }
        return (value, TextCleanup.trimmed(String(remainder)))
    }
}
