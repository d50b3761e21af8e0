/// How a typed quiz answer compares with the card's answer: what FCPipeline's `QuizGrader` says, and what a
/// session keeps of each quiz answer (so a learner's "I was right" can be checked against what the grader said).
public enum QuizVerdict: String, Sendable, Codable, Hashable, CaseIterable {
    case correct
    case wrong
    /// Nothing (or only whitespace) was typed.
    case empty
}
