import FCContract
import FCCore
import FCPipeline

/// An mcq card's options from a create or edit body (``FCPipeline/CardChoicesInput``, as `fcgen card add` reads
/// them), broken rules as 422 problems naming the member to fix.
enum CardChoicesRead {
    /// The options of a card of `kind`: `nil` for a kind other than `mcq`, whose body may not give any.
    ///
    /// The correct option is the one `correct` names, else the one `answer` repeats, else (an edit) the one the card's
    /// current answer repeats. An edit that gives none of `options`, `correct` and `answer` keeps `current`.
    ///
    /// - Parameters:
    ///   - current: the options of the card being edited (`nil` on create, or when it is not mcq).
    ///   - currentAnswer: the answer of the card being edited (`nil` on create).
    static func choices(
        kind: CardKind, _ input: CardInput, current: CardChoices? = nil, currentAnswer: String? = nil
    ) throws -> CardChoices? {
        guard kind == .mcq else {
            if input.options != nil {
                throw Problem(ErrorCode.badInput, detail: "\"options\" are only for kind mcq", field: "options")
            }
            if input.correct != nil {
                throw Problem(ErrorCode.badInput, detail: "\"correct\" is only for kind mcq", field: "correct")
            }
            return nil
        }
        if input.options == nil && input.correct == nil && input.answer == nil, let current { return current }
        guard let options = input.options ?? current?.options else {
            throw Problem(
                ErrorCode.badInput,
                detail: "kind mcq needs 4 or 5 \"options\", and \"correct\" (from 0) naming the right one",
                field: "options")
        }
        do {
            return try CardChoicesInput.choices(options, correct: input.correct, answer: input.answer ?? currentAnswer)
        } catch {
            switch error {
            case .correctOutOfRange(let index, let count):
                throw Problem(
                    ErrorCode.badInput,
                    detail: "\"correct\" is \(index), and there are \(count) options (0-\(count - 1))",
                    field: "correct")
            case .noCorrect, .answerNotAnOption:
                let field = input.answer != nil ? "answer" : "correct"
                throw Problem(
                    ErrorCode.badInput,
                    detail: "kind mcq: say which option is correct with \"correct\" (from 0) or an \"answer\" "
                        + "equal to one option",
                    field: field)
            case .invalid(let problem):
                throw Problem(ErrorCode.badInput, detail: "kind mcq: \(problem)", field: "options")
            }
        }
    }
}
