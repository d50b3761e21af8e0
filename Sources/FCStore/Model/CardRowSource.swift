/// One card row for a bulk import: a question and answer (and explanation), reversed rows making a twin too.
package struct ImportedCard: Sendable, Hashable {
    package var question: String
    package var answer: String
    package var explanation: String?
    package var isReversed: Bool

    package init(question: String, answer: String, explanation: String?, isReversed: Bool) {
        self.question = question
        self.answer = answer
        self.explanation = explanation
        self.isReversed = isReversed
    }
}

/// Where a bulk import's rows come from: typically a file being parsed as the store writes, so the file is never
/// held in memory. The store pulls rows inside its one import transaction.
package protocol CardRowSource: Sendable {
    /// The next good row, or `nil` at the end. Bad rows are the source's business (it records or reports them).
    mutating func next() throws -> ImportedCard?
    /// Called after the last row, still inside the transaction: throw to roll back the whole import.
    func finish(_ summary: ImportSummary) throws
}

/// What an import stored (or, in a dry run, would store).
package struct ImportSummary: Sendable, Codable, Hashable {
    /// Good rows read.
    package var rows = 0
    /// Cards stored, twins included.
    package var cardsStored = 0
    /// Reversed twins among ``cardsStored``.
    package var twinsStored = 0
    /// Cards (or twins) skipped because the topic already had their question.
    package var duplicatesSkipped = 0
    /// Whether the import was rolled back on purpose (`--dry-run`).
    package var isDryRun = false

    package init() {}
}
