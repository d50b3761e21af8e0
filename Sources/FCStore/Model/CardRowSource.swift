package import FCCore

/// One card row for a bulk import, already checked by the card rules: a question (empty for an image-only card)
/// and answer (and explanation), its kind and picture; reversed rows make a twin too (same kind, no picture).
package struct ImportedCard: Sendable, Hashable {
    package var kind: CardKind
    package var question: String
    package var answer: String
    package var explanation: String?
    package var isReversed: Bool
    package var image: NewImage?
    /// A multiple-choice card's options; `nil` for other kinds (and never given to a twin).
    package var choices: CardChoices?

    package init(
        kind: CardKind = .question, question: String, answer: String, explanation: String?, isReversed: Bool,
        image: NewImage? = nil, choices: CardChoices? = nil
    ) {
        self.choices = choices
        self.kind = kind
        self.question = question
        self.answer = answer
        self.explanation = explanation
        self.isReversed = isReversed
        self.image = image
    }
}

/// Where a bulk import's rows come from: typically a file being parsed as the store writes, so the file is never
/// held in memory. The import (`ImportCards`, FCPipeline) pulls a chunk of rows outside any transaction, then stages
/// it in a short one.
package protocol CardRowSource: Sendable {
    /// The next good row, or `nil` at the end. Bad rows are the source's business (it records or reports them).
    mutating func next() throws -> ImportedCard?
    /// Called after the last row, before any card is moved in: throw to refuse the whole import (its staged rows
    /// are deleted). `summary` has ``ImportSummary/rows`` only.
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
    /// Cloze siblings made for the cloze cards stored (one per further deletion number), not in ``cardsStored``:
    /// the file's rows are notes.
    package var clozeSiblingsStored = 0
    /// Cards (or twins) skipped because the topic already had their question.
    package var duplicatesSkipped = 0
    /// Whether the import was rolled back on purpose (`--dry-run`).
    package var isDryRun = false
    /// Whether the topic is new: created by this import (or, in a dry run, would be).
    package var topicCreated = false

    package init() {}
}
