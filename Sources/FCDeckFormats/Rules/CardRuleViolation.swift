public import FCCore

/// A side of a card, as messages name it.
public enum CardSide: String, Sendable, Hashable, CaseIterable {
    case question
    case answer
    case explanation
}

/// The card rule a card breaks (see ``CardRules``), phrased for whoever wrote the card: ``commandLineMessage``
/// names `fcgen card` flags, ``importMessage`` the columns of an import file.
public enum CardRuleViolation: Error, Sendable, Hashable {
    /// No question, picture, answer or explanation.
    case empty
    /// An answer and/or explanation, but no question or picture.
    case answerAlone
    /// No answer.
    case noAnswer
    /// Kind `image` without a picture.
    case imageKindWithoutImage
    /// No question (a picture-only card) with a kind other than `image`.
    case pictureOnlyWithKind(CardKind)
    /// A side longer than its limit, in characters.
    case tooLong(CardSide, characters: Int, limit: Int)
    /// A side so long it was not even read whole: `bytes` of it were counted.
    case tooLongToRead(CardSide, bytes: Int, limit: Int)
    /// Reversed, but there is no question for the twin to answer.
    case reverseWithoutQuestion
    /// Reversed, but the kind's answer is not something to ask about.
    case reverseOfKind(CardKind)
    /// Reversed, but the answer (the twin's question) is longer than a question may be.
    case reverseAnswerTooLong(characters: Int, limit: Int)
    /// A `cloze` card whose question is no cloze text.
    case clozeInvalid(ClozeProblem)
    /// A `cloze` card with an answer other than its text with the deletions shown.
    case clozeAnswer
    /// An `mcq` card without options.
    case mcqWithoutChoices
    /// An `mcq` card whose options are no valid set (see ``FCCore/CardChoices/make(_:correctIndex:)``).
    case choices(CardChoicesProblem)
    /// An `mcq` card whose answer is not its correct option.
    case mcqAnswer
    /// Options on a card that is not `mcq`.
    case choicesWithoutMCQ

    /// The side the problem is on, so an import can point at its field.
    public var side: CardSide {
        switch self {
        case .empty, .answerAlone, .pictureOnlyWithKind, .reverseWithoutQuestion, .imageKindWithoutImage,
            .reverseOfKind, .clozeInvalid:
            .question
        case .noAnswer, .reverseAnswerTooLong, .clozeAnswer, .mcqWithoutChoices, .choices, .mcqAnswer,
            .choicesWithoutMCQ:
            .answer
        case .tooLong(let side, _, _), .tooLongToRead(let side, _, _): side
        }
    }

    /// The message for `fcgen card add` / `card edit`, naming the flags that fix it.
    public var commandLineMessage: String {
        switch self {
        case .empty: "a card needs a question or an image (--question, --question-file or --image)"
        case .answerAlone:
            "a card needs a question or an image: an answer and/or explanation alone is not a card "
                + "(add --question or --image)"
        case .noAnswer: "a card needs an answer (--answer or --answer-file)"
        case .imageKindWithoutImage: "--kind image needs a picture: add --image FILE"
        case .pictureOnlyWithKind: "a card without a question shows only its image: use --kind image or add --question"
        case .tooLong, .tooLongToRead: lengthMessage
        case .reverseWithoutQuestion:
            "--reverse needs a question: the twin card asks for it, and an image-only card has none"
        case .reverseOfKind(let kind):
            "--reverse does not fit --kind \(kind.rawValue): its answer is not something to ask about"
        case .reverseAnswerTooLong(let characters, let limit):
            "--reverse: the answer becomes the twin's question, and it is \(characters) characters "
                + "(a question has at most \(limit))"
        case .clozeInvalid(let problem): "--kind cloze: \(problem)"
        case .clozeAnswer:
            "--kind cloze: the answer is the question with every deletion shown; leave --answer out"
        case .mcqWithoutChoices: "--kind mcq needs 4 or 5 options: --option TEXT for each, and --correct N"
        case .choices(let problem): "--kind mcq: \(problem)"
        case .mcqAnswer: "--kind mcq: the answer must be the correct option (--correct N); leave --answer out"
        case .choicesWithoutMCQ: "--option is for --kind mcq"
        }
    }

    /// The message for a row of an import file, naming its columns.
    public var importMessage: String {
        switch self {
        case .empty, .answerAlone: "expected a question, found an empty field"
        case .noAnswer: "expected an answer, found an empty field"
        case .imageKindWithoutImage: "kind image needs a picture, and the row has none"
        case .pictureOnlyWithKind(let kind):
            "a card without a question shows only its picture: its kind is image, not \(kind.rawValue)"
        case .tooLong, .tooLongToRead: lengthMessage
        case .reverseWithoutQuestion: "a reversed row needs a question: the twin card asks for it"
        case .reverseOfKind(let kind):
            "a \(kind.rawValue) card cannot be reversed: its answer is not something to ask about"
        case .reverseAnswerTooLong(let characters, let limit):
            "a reversed row's answer becomes the twin's question, and it is \(characters) characters "
                + "(a question has at most \(limit))"
        case .clozeInvalid(let problem): "kind cloze: \(problem)"
        case .clozeAnswer: "kind cloze: the answer must be the question with every deletion shown, or empty"
        case .mcqWithoutChoices: "kind mcq needs 4 or 5 options, and the row has none"
        case .choices(let problem): "kind mcq: \(problem)"
        case .mcqAnswer: "kind mcq: the answer must be the option marked correct, or empty"
        case .choicesWithoutMCQ: "options are only for kind mcq"
        }
    }

    private var lengthMessage: String {
        switch self {
        case .tooLong(let side, let characters, let limit):
            "the \(side.rawValue) is too long (\(characters) characters; at most \(limit))"
        case .tooLongToRead(let side, let bytes, let limit):
            "the \(side.rawValue) is too long (\(bytes) bytes; at most \(limit) characters)"
        default: ""
        }
    }
}
