public import FCDeckFormats
public import FCStore
import Foundation

/// What `fcgen import` did: the store's summary and the rows it skipped (with `--skip-bad`).
public struct ImportReport: Sendable {
    package var summary: ImportSummary
    public var format: DeckTextReader.Format
    /// Skipped rows' problems (at most 50 kept), as `file:line:column: message`.
    public var skipped: [String]
    public var skippedTotal: Int
}

/// Imports a CSV or Anki text file into a topic, streaming: the file is parsed while the store writes, in one
/// transaction.
///
/// ```swift
/// let report = try await DeckImporter.importFile(path: "deck.csv", format: nil, topicID: topic.id, into: store,
///                                               skipBad: false, dryRun: false)
/// ```
public enum DeckImporter {
    /// - Parameters:
    ///   - format: `nil` picks by content: a first line starting with `#` (Anki's headers) or a `.txt` file is
    ///     Anki's format, anything else fcgen's CSV.
    ///   - skipBad: store the good rows and report the bad ones, instead of storing nothing when any row is bad.
    /// - Throws: ``PipelineError/importRefused(file:problems:total:)`` (nothing stored),
    ///   ``PipelineError/input(file:problem:)`` when the file can't be opened, or a store error.
    public static func importFile(
        path: String, format: DeckTextReader.Format?, topicID: Int64, into store: Store, skipBad: Bool, dryRun: Bool
    ) async throws -> ImportReport {
        let format = try format ?? detectFormat(path: path)
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else {
            throw PipelineError.input(file: path, problem: "cannot be opened: \(String(cString: strerror(errno)))")
        }
        defer { close(descriptor) }
        let log = ImportProblemLog()
        let source = FileRowSource(descriptor: descriptor, path: path, format: format, skipBad: skipBad, log: log)
        let summary = try await store.importCards(topicID: topicID, from: source, dryRun: dryRun)
        if summary.rows == 0 && log.total > 0, let fatal = log.kept.first(where: \.isFatal) {
            throw PipelineError.importRefused(file: path, problems: ["\(path):\(fatal)"], total: 1)
        }
        return ImportReport(
            summary: summary, format: format, skipped: log.kept.map { "\(path):\($0)" }, skippedTotal: log.total)
    }

    /// Anki's format when the file starts with a `#` header line (after an optional BOM) or is named `.txt`.
    static func detectFormat(path: String) throws -> DeckTextReader.Format {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw PipelineError.input(file: path, problem: "cannot be opened")
        }
        defer { try? handle.close() }
        var head = [UInt8]((try? handle.read(upToCount: 4)) ?? Data())
        if head.starts(with: [0xEF, 0xBB, 0xBF]) { head.removeFirst(3) }
        if head.first == UInt8(ascii: "#") || path.lowercased().hasSuffix(".txt") { return .anki }
        return .csv
    }
}
