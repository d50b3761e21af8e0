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

    init(members: [ParsedJSON.Member]) {
        var questionRank = Int.max
        var answerRank = Int.max
        var explanationRank = Int.max
        for member in members {
            let role = FieldAliases.role(for: member.key)
            if role == .other { continue }
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
