import FCCore

/// What a key of a card object means.
enum FieldRole: Equatable {
    /// The question side; lower `rank` wins when a card has several aliases (`question` over `term`).
    case question(rank: Int)
    case answer(rank: Int)
    case explanation(rank: Int)
    /// The card type (`type`, `kind`, `card_type`).
    case kind
    /// A multiple-choice card's options, correct one included (`options`, `choices`, `answers`).
    case options
    /// A multiple-choice card's wrong options only (`distractors`, `incorrect_answers`).
    case distractors
    /// Which option is correct, as a 0-based index or a letter (`correct_index`, `correct_option`).
    case correctIndex
    /// A cloze card's text (`text`, `cloze`); read only when it holds a `{{c1::…}}` deletion.
    case clozeText
    /// An image search query for the card's picture (`image_query`, `image_search`).
    case imageQuery
    case other
}

/// The names models use for card fields, matched case-insensitively and ignoring `_`, `-` and spaces
/// (`Question`, `question_text`, `Card-Front` all match).
enum FieldAliases {
    /// The role of `key`.
    static func role(for key: String) -> FieldRole {
        if let role = roles[key] { return role }  // the common case: a lowercase key as written
        return roles[normalized(key)] ?? .other
    }

    /// Whether `members` look like a card: at least one question or answer field, or a cloze text field holding a
    /// deletion (`{"text": "{{c1::Romulus}} founded Rome"}`). A plain `text` field is no card: providers wrap
    /// replies in `{"type": "text", "text": "…"}`.
    static func isCardLike(_ members: [ParsedJSON.Member]) -> Bool {
        members.contains { member in
            switch role(for: member.key) {
            case .question, .answer: true
            case .clozeText:
                if case .string(let text) = member.value { ClozeText.looksLikeCloze(text) } else { false }
            default: false
            }
        }
    }

    /// Lowercase ASCII letters and digits only: `Question_Text` → `questiontext`.
    static func normalized(_ text: String) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        for byte in text.utf8 where ASCII.isLetter(byte) || ASCII.isDigit(byte) {
            bytes.append(ASCII.lowercased(byte))
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static let roles: [String: FieldRole] = {
        var table: [String: FieldRole] = [:]
        let questions: [(String, Int)] = [
            ("question", 0), ("q", 1), ("front", 1), ("questiontext", 1), ("fronttext", 1), ("cardfront", 1),
            ("frontside", 1), ("ques", 1), ("prompt", 2), ("statement", 2), ("term", 3), ("query", 3), ("clue", 3),
            ("cue", 3),
        ]
        let answers: [(String, Int)] = [
            ("answer", 0), ("a", 1), ("back", 1), ("answertext", 1), ("backtext", 1), ("cardback", 1),
            ("backside", 1), ("correctanswer", 1), ("ans", 1), ("solution", 2), ("definition", 3), ("response", 3),
            ("meaning", 4),
        ]
        let explanations: [(String, Int)] = [
            ("explanation", 0), ("explain", 0), ("rationale", 1), ("elaboration", 1), ("reasoning", 2), ("reason", 2),
            ("hint", 2), ("notes", 3), ("note", 3), ("details", 3), ("detail", 3), ("why", 3), ("context", 4),
            ("extra", 4), ("comment", 4), ("comments", 4), ("additionalinfo", 4), ("mnemonic", 5),
        ]
        for (name, rank) in questions { table[name] = .question(rank: rank) }
        for (name, rank) in answers { table[name] = .answer(rank: rank) }
        for (name, rank) in explanations { table[name] = .explanation(rank: rank) }
        for name in ["type", "kind", "cardtype", "questiontype", "cardkind"] { table[name] = .kind }
        for name in ["options", "choices", "answers", "alternatives", "answeroptions", "answerchoices", "mcqoptions"] {
            table[name] = .options
        }
        for name in [
            "distractors", "wronganswers", "incorrectanswers", "wrongoptions", "incorrectoptions", "wrongchoices",
            "incorrectchoices",
        ] { table[name] = .distractors }
        for name in [
            "correctindex", "answerindex", "correctoption", "correctchoice", "correctoptionindex", "correctanswerindex",
            "correctletter", "answerletter",
        ] { table[name] = .correctIndex }
        for name in ["text", "cloze", "clozetext", "clozedeletion"] { table[name] = .clozeText }
        for name in ["imagequery", "imagesearch", "imagesearchquery", "picturequery"] { table[name] = .imageQuery }
        return table
    }()
}
