import FCCore
import FCSanitizer
import Testing

/// One row of the sanitizer table: an input reply and everything the report must say about it.
struct SanitizerCase: Sendable, CustomTestStringConvertible {
    var name: String
    var input: String
    var truncated = false
    var outcome: BatchOutcome
    var count: Int
    /// Exact repairs, in order; `nil` skips the check.
    var repairs: [Repair]? = nil
    /// Exact drop counts; `nil` skips the check.
    var dropped: [DropReason: Int]? = nil
    var questions: [String]? = nil
    var answers: [String]? = nil
    var explanations: [String?]? = nil
    var kinds: [CardKind]? = nil

    var testDescription: String { name }
}

/// Three small valid card objects used to build inputs.
enum Cards {
    static let one = #"{"question":"What is 2+2?","answer":"4"}"#
    static let two = #"{"question":"What is the capital of France?","answer":"Paris"}"#
    static let three = #"{"question":"What is H2O?","answer":"Water"}"#
    static let questions = ["What is 2+2?", "What is the capital of France?", "What is H2O?"]
}
