import FCContract
import FCCore
import FCDeckFormats

/// The card rules (``FCDeckFormats/CardRules``, as `fcgen card add` and `card edit` apply them), broken rules as
/// 422 problems naming the body member to fix.
enum CardRuleCheck {
    /// `content` checked and normalised (trimmed; a picture-only card of kind `question` becomes `image`).
    ///
    /// - Parameter twinField: the member that asked for a twin (`reverse` or `alsoTwin`), named when the twin is
    ///   what breaks a rule.
    static func check(_ content: CardContent, reversed: Bool, twinField: String) throws -> CardContent {
        do {
            return try CardRules.validate(content, reversed: reversed)
        } catch {
            throw Problem(
                ErrorCode.badInput, detail: message(error, twinField: twinField), field: field(error, twinField))
        }
    }

    private static func field(_ violation: CardRuleViolation, _ twinField: String) -> String {
        switch violation {
        case .reverseWithoutQuestion, .reverseOfKind, .reverseAnswerTooLong: twinField
        case .imageKindWithoutImage, .pictureOnlyWithKind: "kind"
        case .mcqWithoutChoices, .choices, .choicesWithoutMCQ: "options"
        case .clozeAnswer, .mcqAnswer: "answer"
        default: violation.side.rawValue
        }
    }

    private static func message(_ violation: CardRuleViolation, twinField: String) -> String {
        switch violation {
        case .empty: "a card needs a question or a picture, and an answer"
        case .answerAlone: "a card needs a question or a picture: an answer and/or explanation alone is not a card"
        case .noAnswer: "a card needs an answer"
        case .imageKindWithoutImage: "kind image needs a picture: upload one to the card first"
        case .pictureOnlyWithKind(let kind):
            "a card without a question shows only its picture: its kind is image, not \(kind.rawValue)"
        case .reverseWithoutQuestion: "\(twinField) needs a question: the twin card asks for it"
        case .reverseOfKind(let kind):
            "\(twinField) does not fit kind \(kind.rawValue): its answer is not something to ask about"
        case .reverseAnswerTooLong(let characters, let limit):
            "\(twinField): the answer becomes the twin's question, and it is \(characters) characters "
                + "(a question has at most \(limit))"
        case .clozeInvalid(let problem): "kind cloze: \(problem)"
        case .clozeAnswer:
            "kind cloze: the answer is the question with every deletion shown; leave \"answer\" out"
        case .mcqWithoutChoices: "kind mcq needs 4 or 5 \"options\", and \"correct\" (from 0) naming the right one"
        case .choices(let problem): "kind mcq: \(problem)"
        case .mcqAnswer: "kind mcq: the answer must be the correct option; leave \"answer\" out or give that option"
        case .choicesWithoutMCQ: "\"options\" are only for kind mcq"
        case .tooLong, .tooLongToRead: violation.importMessage
        }
    }
}
