package import FCStore

/// Import rows from an array, for an import run in the test's own process; with `refuse` it throws at the end, as a
/// file with bad rows does once every row has been read.
///
/// ```swift
/// let summary = try await ImportCards.run(on: store, topicID: topic.id, from: ArrayCardRows(rows: rows))
/// ```
package struct ArrayCardRows: CardRowSource {
    package var rows: [ImportedCard]
    package var refuse: Bool
    private var index = 0

    package init(rows: [ImportedCard], refuse: Bool = false) {
        self.rows = rows
        self.refuse = refuse
    }

    package mutating func next() throws -> ImportedCard? {
        guard index < rows.count else { return nil }
        defer { index += 1 }
        return rows[index]
    }

    package func finish(_ summary: ImportSummary) throws {
        if refuse { throw StoreError.invalidPolicy("refused by the test") }
    }
}
