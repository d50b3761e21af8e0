/// The quality checks every generated card goes through; the raw values are stable ids, used in card flags,
/// reports, `fcgen sanitize --json` and `docs/quality.md`.
public enum QualityRuleID: String, Sendable, Codable, CodingKeyRepresentable, CaseIterable, Hashable, Comparable {
    /// The answer has more words than ``QualityRules/answerMaxWords``.
    case answerTooLong = "answer-too-long"
    /// The question asks for several things at once ("Who … and when …?", "List three …").
    case multipleFacts = "multiple-facts"
    /// A question that can be answered yes or no, outside a true/false card.
    case yesNoQuestion = "yes-no-question"
    /// Every content word of the answer is already in the question.
    case answerInQuestion = "answer-in-question"
    /// The question leans on a context the learner won't have ("the passage", "the author", "mentioned above").
    case notSelfContained = "not-self-contained"
    /// An open prompt with no single answer ("Tell me about …", "Describe …", "Why is X important?").
    case vaguePrompt = "vague-prompt"
    /// The answer is a list of more than ``QualityRules/listMaxItems`` items.
    case longList = "long-list"
    /// The question says nearly the same as an earlier one of the batch or the topic (word shingles, Jaccard).
    case nearDuplicate = "near-duplicate"

    /// Ordered as declared, so reports and flags list rules in one fixed order.
    public static func < (lhs: QualityRuleID, rhs: QualityRuleID) -> Bool { lhs.order < rhs.order }

    /// The rule's place in declaration order, for table lookups without hashing.
    var order: Int {
        switch self {
        case .answerTooLong: 0
        case .multipleFacts: 1
        case .yesNoQuestion: 2
        case .answerInQuestion: 3
        case .notSelfContained: 4
        case .vaguePrompt: 5
        case .longList: 6
        case .nearDuplicate: 7
        }
    }
}

/// What the sanitizer did with a card a rule flagged.
public enum QualityAction: String, Sendable, Codable, CaseIterable, Hashable {
    /// Kept as written, with the rule's id in the card's ``FCCore/CardDraft/flags``.
    case kept
    /// Rewritten so the rule no longer applies (a yes/no question with a yes/no answer becomes a true/false card);
    /// the id stays in the card's flags so the change can be seen.
    case fixed
    /// Not kept; listed in ``SanitizerReport/qualityDropped``.
    case dropped
}
