import FCContract
import FCCore
import FCPipeline

/// One question a quiz session asks about its next card (``QuizQuestion``), without what is expected.
struct QuizQuestionJSON: Encodable {
    var prompt: String
    var options: [String]?
    var clozeNumber: Int?

    init(_ question: QuizQuestion) {
        prompt = question.prompt
        options = question.options
        clozeNumber = question.clozeNumber
    }
}

/// Grading a quiz session's `answer`: a string, an mcq option's 0-based position, or an array of those (one per
/// question of the card, in order). One string for a card asked as several questions (a cloze card with several
/// deletion numbers) is graded against `fullAnswer`, the text with every deletion shown, as clients that don't read
/// `questions` were graded before.
enum QuizAnswerGrading {
    static func verdicts(
        _ value: JSONValue?, questions: [QuizQuestion], fullAnswer: String, grader: QuizGrader
    ) throws -> [QuizVerdict] {
        let answers: [JSONValue]
        switch value {
        case nil: throw Problem.badRequest("\"answer\" is required", field: "answer")
        case .array(let items)?: answers = items
        case .string(let text)? where questions.count > 1: return [grader.grade(text, expected: fullAnswer)]
        case let single?: answers = [single]
        }
        guard answers.count == questions.count else {
            throw Problem.badRequest(
                "\"answer\" needs \(Plural.count(questions.count, "answer")) for this card (one per question), got \(answers.count)",
                field: "answer")
        }
        return try zip(answers, questions).map { answer, question in
            switch answer {
            case .string(let text): return grader.grade(text, question: question)
            case .integer(let index):
                guard let options = question.options, let correct = question.correctOption else {
                    throw Problem.badRequest("\"answer\" must be a string for this card", field: "answer")
                }
                guard options.indices.contains(Int(index)) else {
                    throw Problem.badRequest(
                        "\"answer\" option \(index) does not exist (0 to \(options.count - 1))", field: "answer")
                }
                return Int(index) == correct ? .correct : .wrong
            default:
                throw Self.wrongShape
            }
        }
    }

    /// What a session keeps of a graded `answer` (``FCStore/QuizGrading/typed``): each question's text joined
    /// with "; ", an option given by its position as the option's text. Call after ``verdicts(_:questions:fullAnswer:grader:)``
    /// accepted it.
    static func typed(_ value: JSONValue?, questions: [QuizQuestion]) -> String {
        func text(_ answer: JSONValue, _ question: QuizQuestion?) -> String {
            switch answer {
            case .string(let text): return text
            case .integer(let index):
                guard let options = question?.options, options.indices.contains(Int(index)) else { return "\(index)" }
                return options[Int(index)]
            default: return ""
            }
        }
        switch value {
        case .array(let items)?:
            return items.enumerated().map { text($1, questions.indices.contains($0) ? questions[$0] : nil) }
                .joined(separator: "; ")
        case let single?: return text(single, questions.first)
        case nil: return ""
        }
    }

    /// Checks an `answer` sent where nothing grades it (a spaced or free session) against the same contract: a
    /// string, an option's position (an integer from 0), or an array of those; never silently taken.
    static func checkShape(_ value: JSONValue?) throws {
        func isOne(_ value: JSONValue) -> Bool {
            switch value {
            case .string: true
            case .integer(let position): position >= 0
            default: false
            }
        }
        switch value {
        case nil: return
        case .array(let items) where items.allSatisfy(isOne): return
        case let value? where isOne(value): return
        default: throw wrongShape
        }
    }

    private static var wrongShape: Problem {
        Problem.badRequest("\"answer\" must be a string, an option's position or an array of them", field: "answer")
    }
}
