/// How far an import has come while it stages: its staging row, the cards staged and what it counted on the way.
struct StagedImport: Sendable, Hashable {
    /// The `import_stagings` row.
    var id: Int64
    /// The next `seq` to give a staged card; `nextSeq - 1` cards are staged.
    var nextSeq: Int64 = 1
    /// Good rows read so far (``FCStore/ImportSummary/rows``).
    var rows = 0
    /// Cards the rows ask for: one per row, two for a reversed row.
    var cardsAsked = 0
    /// Reversed twins among the staged cards.
    var twins = 0

    /// The `seq`s staged so far.
    var seqs: ClosedRange<Int64>? { nextSeq > 1 ? 1...(nextSeq - 1) : nil }
}
