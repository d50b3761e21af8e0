public import FCCore
public import FCDeckFormats
public import FCStore
import Foundation

/// What `fcgen import` did: the topic, the store's summary and the rows it skipped (with `--skip-bad`).
public struct ImportReport: Sendable {
    /// The topic as stored (or, in a dry run, as it would be).
    public var topic: Topic
    package var summary: ImportSummary
    public var format: DeckTextReader.Format
    /// The separator a CSV file was read with (`nil` for Anki's format).
    public var separator: CSVSeparator?
    /// The first good rows as they were read (at most 3): a dry run's preview.
    public var firstRows: [ImportPreviewRow]
    /// Skipped rows' problems (at most 50 kept), as `file:line:column: message`.
    public var skipped: [String]
    public var skippedTotal: Int
}

/// Imports a CSV or Anki text file into a topic, streaming: the file is parsed in chunks that the store stages in
/// short transactions, then one short transaction moves the cards in (and creates the topic when it is new), so
/// the write lock is never held for long. A refused import or a dry run changes nothing.
///
/// ```swift
/// let report = try await DeckImporter.importFile(path: "deck.csv", format: nil, topic: "Roman history",
///                                               into: store, skipBad: false, dryRun: false)
/// ```
public enum DeckImporter {
    /// - Parameters:
    ///   - format: `nil` picks by content: a first line starting with `#` (Anki's headers) or a `.txt` file is
    ///     Anki's format, anything else fcgen's CSV.
    ///   - skipBad: store the good rows and report the bad ones, instead of storing nothing when any row is bad.
    ///   - imageMaxBytes: the largest picture an Anki row may refer to (pictures are files beside the deck).
    ///   - chunkRows: rows per staging transaction (`nil`: `ImportCards.chunkRows`, 5,000).
    ///   - moveChunkCards: cards per transaction moving into a new topic (`nil`: `ImportCards.moveChunkCards`,
    ///     25,000).
    ///   - separator: a CSV file's separator; `nil` chooses it from the file's first records
    ///     (``FCDeckFormats/CSVSeparatorSniffer``, as ``separator(ofFileAt:)`` tells beforehand).
    ///   - progress: told how far the file has been read after each 64 KiB (from the task running the import).
    /// - Throws: ``PipelineError/importRefused(file:problems:total:)`` (nothing stored),
    ///   ``PipelineError/importEmpty(file:problems:total:)`` when there is no good row,
    ///   ``PipelineError/input(file:problem:)`` when the file can't be opened or is not a regular file, or a
    ///   store error.
    public static func importFile(
        path: String, format: DeckTextReader.Format?, topic: String, into store: Store, skipBad: Bool, dryRun: Bool,
        separator: CSVSeparator? = nil, imageMaxBytes: Int = CheckedImage.defaultMaxBytes, chunkRows: Int? = nil,
        moveChunkCards: Int? = nil,
        progress: (@Sendable (ImportProgress) -> Void)? = nil
    ) async throws -> ImportReport {
        let (descriptor, _) = try RegularFile.open(path)
        defer { close(descriptor) }
        let format = format ?? detectFormat(descriptor: descriptor, path: path)
        let log = ImportProblemLog()
        let source = FileRowSource(
            descriptor: descriptor, path: path, format: format, separator: separator, skipBad: skipBad,
            imageMaxBytes: imageMaxBytes, log: log, progress: progress)
        let (stored, summary) = try await ImportCards.run(
            on: store, topicNamed: topic, from: source, dryRun: dryRun, chunkRows: chunkRows ?? ImportCards.chunkRows,
            moveChunkCards: moveChunkCards ?? ImportCards.moveChunkCards)
        return ImportReport(
            topic: stored, summary: summary, format: format, separator: log.separator, firstRows: log.firstRows,
            skipped: log.kept.map { "\(path):\($0)" }, skippedTotal: log.total)
    }

    /// The format `importFile` reads `path` in, and for a CSV file the separator its first records show: what a
    /// command says before anything is written. `separator` is the caller's choice, returned as is.
    ///
    /// - Throws: ``PipelineError/input(file:problem:)`` when the file can't be opened or is not a regular file.
    public static func reading(
        path: String, format: DeckTextReader.Format?, separator: CSVSeparator?
    ) throws -> (format: DeckTextReader.Format, separator: CSVSeparator?) {
        let (descriptor, _) = try RegularFile.open(path)
        defer { close(descriptor) }
        let format = format ?? detectFormat(descriptor: descriptor, path: path)
        guard format == .csv else { return (format, nil) }
        if let separator { return (format, separator) }
        var head = [UInt8](repeating: 0, count: CSVSeparatorSniffer.sampleBytes)
        let count = head.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, 0) }
        head = Array(head.prefix(max(count, 0)))
        if head.starts(with: [0xEF, 0xBB, 0xBF]) { head.removeFirst(3) }
        return (format, CSVSeparatorSniffer.choose(head, isWholeFile: count < CSVSeparatorSniffer.sampleBytes))
    }

    /// Anki's format when the file starts with a `#` header line (after an optional BOM), or is named `.txt` and
    /// does not start with fcgen's CSV header (`question;answer`).
    static func detectFormat(descriptor: Int32, path: String) -> DeckTextReader.Format {
        var head = [UInt8](repeating: 0, count: 32)
        // pread leaves the file offset at the start for the reader.
        let count = head.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, 0) }
        head = Array(head.prefix(max(count, 0)))
        if head.starts(with: [0xEF, 0xBB, 0xBF]) { head.removeFirst(3) }
        if head.first == UInt8(ascii: "#") { return .anki }
        let isCSVHeader = String(decoding: head, as: UTF8.self).lowercased().hasPrefix("question;answer")
        return path.lowercased().hasSuffix(".txt") && !isCSVHeader ? .anki : .csv
    }
}
