import FCCore

/// The fields of one card object, chosen among aliases and duplicate keys, trimmed, not yet validated.
///
/// Which value wins: the best-ranked alias (`question` over `front` over `term`, see ``FieldAliases``); among keys
/// of the same rank, including a key repeated inside one object, the *first non-empty* value. Real model output
/// repeats keys (the `b2_json_object_wrapped` sample has `explanation` three times), and the first occurrence is
/// the one the model wrote before it started looping; `JSONSerialization` and Python keep the last one instead.
/// Numbers keep their literal text, booleans become "True"/"False", lists of scalars are joined with ", ".
struct CardFields {
    var question: String?
    var answer: String?
    var explanation: String?
    var typeName: String?
    /// The key the question came from, as written (`term` marks a definition card).
    var questionKey: String?
    /// The key the answer came from, as written (`definition` marks a definition card).
    var answerKey: String?
    /// A multiple-choice card's options as written (strings, or objects with a text and a `correct` flag).
    var options: [ParsedJSON]?
    /// A multiple-choice card's wrong options, when the model listed them apart from the answer.
    var distractors: [String]?
    /// Which option is correct, as written (`2`, `"B"`).
    var correctIndex: String?
    /// A cloze text (`{{c1::…}}`) from a `text`/`cloze` field.
    var clozeText: String?
    /// The image search query (first non-empty one), cleaned by ``FCCore/ImageQuery``.
    var imageQuery: String?

    init(members: [ParsedJSON.Member]) {
        var questionRank = Int.max
        var answerRank = Int.max
        var explanationRank = Int.max
        for member in members {
            let role = FieldAliases.role(for: member.key)
            if role == .other { continue }
            if readChoiceField(role, member.value) { continue }
            guard let text = Self.text(of: member.value).map(TextCleanup.trimmed), !text.isEmpty else { continue }
            switch role {
            case .question(let rank) where rank < questionRank:
                question = text
                questionRank = rank
                questionKey = member.key
            case .answer(let rank) where rank < answerRank:
                answer = text
                answerRank = rank
                answerKey = member.key
            case .explanation(let rank) where rank < explanationRank:
                explanation = text
                explanationRank = rank
            case .kind where typeName == nil:
                typeName = text
            default:
                continue
            }
        }
    }

    /// Keeps the multiple-choice and cloze fields (first occurrence wins); false for any other role.
    private mutating func readChoiceField(_ role: FieldRole, _ value: ParsedJSON) -> Bool {
        switch role {
        case .options:
            if options == nil, case .array(let elements, _) = value, !elements.isEmpty { options = elements }
        case .distractors:
            if distractors == nil, case .array(let elements, _) = value {
                let texts = elements.compactMap { Self.text(of: $0).map(TextCleanup.trimmed) }
                if !texts.isEmpty { distractors = texts }
            }
        case .correctIndex:
            if correctIndex == nil, let text = Self.text(of: value).map(TextCleanup.trimmed), !text.isEmpty {
                correctIndex = text
            }
        case .clozeText:
            if clozeText == nil, case .string(let text) = value, ClozeText.looksLikeCloze(text) {
                clozeText = TextCleanup.trimmed(text)
            }
        case .imageQuery:
            if imageQuery == nil, case .string(let text) = value { imageQuery = ImageQuery.cleaned(text) }
        default:
            return false
        }
        return true
    }

    /// The text of a field value; `nil` for `null` and objects.
    static func text(of value: ParsedJSON) -> String? {
        switch value {
        case .string(let text), .number(let text): return text
        case .bool(let flag): return flag ? "True" : "False"
        case .null, .object: return nil
        case .array(let elements, _):
            let parts = elements.compactMap { element -> String? in
                if case .array = element { return nil }
                return text(of: element).map(TextCleanup.trimmed)
            }.filter { !$0.isEmpty }
            return parts.isEmpty ? nil : parts.joined(separator: ", ")
        }
    }
}
