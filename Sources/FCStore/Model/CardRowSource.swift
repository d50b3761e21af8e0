/// One card row for a bulk import: a question and answer (and explanation), reversed rows making a twin too.
public struct ImportedCard: Sendable, Hashable {
    public var question: String
    public var answer: String
    public var explanation: String?
    public var isReversed: Bool

    public init(question: String, answer: String, explanation: String?, isReversed: Bool) {
        self.question = question
        self.answer = answer
        self.explanation = explanation
        self.isReversed = isReversed
    }
}

/// Where a bulk import's rows come from: typically a file being parsed as the store writes, so the file is never
/// held in memory. The store pulls rows inside its one import transaction.
public protocol CardRowSource: Sendable {
    /// The next good row, or `nil` at the end. Bad rows are the source's business (it records or reports them).
    mutating func next() throws -> ImportedCard?
    /// Called after the last row, still inside the transaction: throw to roll back the whole import.
    func finish(_ summary: ImportSummary) throws
}

/// What an import stored (or, in a dry run, would store).
public struct ImportSummary: Sendable, Codable, Hashable {
    /// Good rows read.
    public var rows = 0
    /// Cards stored, twins included.
    public var cardsStored = 0
    /// Reversed twins among ``cardsStored``.
    public var twinsStored = 0
    /// Cards (or twins) skipped because the topic already had their question.
    public var duplicatesSkipped = 0
    /// Whether the import was rolled back on purpose (`--dry-run`).
    public var isDryRun = false

    public init() {}
}
