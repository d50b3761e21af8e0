import FCCore
package import FCDeckFormats
package import FCStore

/// An import from memory refused, so nothing was stored: its problems with their places (the first
/// ``maxProblems``) out of ``total``.
package struct ImportRejection: Error, Sendable, CustomStringConvertible {
    /// How many problems a rejection keeps; the rest are only counted.
    package static let maxProblems = ImportProblemLog.keepLimit

    package var problems: [ImportProblem]
    package var total: Int
    /// No good row at all: the body is empty or only a header, or (skipping bad rows) every row is bad.
    package var isEmpty: Bool

    package var description: String {
        if isEmpty && total == 0 { return "no cards to import: the body is empty or holds only a header line" }
        let first = problems.first.map { ": first at \($0)" } ?? ""
        return isEmpty
            ? "no good rows to import: " + (total == 1 ? "the row is bad" : "all \(total) rows are bad") + first
            : "\(Plural.count(total, "bad row")); nothing was imported\(first)"
    }
}

/// What an import from memory stored (or, in a dry run, would store), and the bad rows it skipped.
package struct BodyImportReport: Sendable {
    package var summary: ImportSummary
    package var format: DeckTextReader.Format
    /// The separator a CSV body was read with (`nil` for Anki's format).
    package var separator: CSVSeparator?
    /// The first good rows as they were read (at most 3): a dry run's preview.
    package var firstRows: [ImportPreviewRow]
    /// Problems of skipped rows (with `skipBad`), at most ``ImportRejection/maxProblems``.
    package var skipped: [ImportProblem]
    package var skippedTotal: Int
}

extension DeckImporter {
    /// Imports a CSV or Anki text held in memory (an HTTP request body) into an existing topic, staged in short
    /// transactions, with the same rules, duplicate skipping and all-or-nothing as a file import.
    ///
    /// - Throws: ``ImportRejection`` (nothing stored), ``FCStore/StoreError/topicNotFound(topicID:)``, or a store
    ///   error.
    package static func importBody(
        _ bytes: [UInt8], format: DeckTextReader.Format, separator: CSVSeparator? = nil, topicID: Int64,
        into store: Store, skipBad: Bool, dryRun: Bool
    ) async throws -> BodyImportReport {
        let log = ImportProblemLog()
        let source = BytesRowSource(bytes: bytes, format: format, separator: separator, skipBad: skipBad, log: log)
        let summary = try await ImportCards.run(on: store, topicID: topicID, from: source, dryRun: dryRun)
        return BodyImportReport(
            summary: summary, format: format, separator: log.separator, firstRows: log.firstRows, skipped: log.kept,
            skippedTotal: log.total)
    }
}
