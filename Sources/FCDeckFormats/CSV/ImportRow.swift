/// One card row read from an import file, checked against its format (not yet against the card rules).
public struct ImportRow: Sendable, Hashable {
    public var question: String
    public var answer: String
    /// `nil` when the column is missing or empty.
    public var explanation: String?
    /// A reversed row becomes two cards: this one and its twin with question and answer swapped.
    public var isReversed: Bool
    /// Where the row starts, for messages about it.
    public var position: TextPosition

    public init(question: String, answer: String, explanation: String?, isReversed: Bool, position: TextPosition) {
        self.question = question
        self.answer = answer
        self.explanation = explanation
        self.isReversed = isReversed
        self.position = position
    }
}

/// What reading an import file yields, in file order: good rows and problems.
public enum ImportItem: Sendable, Hashable {
    case row(ImportRow)
    case problem(ImportProblem)
}
