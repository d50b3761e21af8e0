extension QualityRuleID {
    /// The rule in one line, as the review pass (`fcgen generate --review`) shows it to the model next to a flagged
    /// card: what is wrong with a card the rule flags.
    public var meaning: String {
        switch self {
        case .answerTooLong: "the answer is too long (more than 25 words): keep one fact, one short answer"
        case .multipleFacts: "the card asks (or answers) several things at once: ask for one detail"
        case .yesNoQuestion: "a yes/no question can be answered by a guess: ask for the fact itself"
        case .answerInQuestion: "the answer is already in the question: the card tests nothing"
        case .notSelfContained:
            "the question points at a text, author or card the learner won't have: name what it is about"
        case .vaguePrompt: "an open prompt with no single answer: ask something precise"
        case .longList: "the answer lists more than 3 items: ask for one item, or split the list"
        case .nearDuplicate: "nearly the same question as another card: ask about something else or drop it"
        }
    }
}
