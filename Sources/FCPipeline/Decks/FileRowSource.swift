import FCCore
import FCDeckFormats
import FCStore
import Foundation
import Synchronization

/// Problems found while reading an import file, shared between the row source (read by the store's import) and
/// the importer that reports them.
///
/// It also keeps the first good rows, which a dry run shows as a preview of how the file was read.
final class ImportProblemLog: Sendable {
    private struct State {
        var kept: [ImportProblem] = []
        var total = 0
        var firstRows: [ImportPreviewRow] = []
        var separator: CSVSeparator?
    }

    private let state = Mutex(State())
    /// Problems kept for the report; the rest are only counted, so a wholly wrong file can't fill memory.
    static let keepLimit = 50
    /// Good rows kept for the preview.
    static let previewRows = 3

    func record(_ problem: ImportProblem) {
        state.withLock { state in
            state.total += 1
            if state.kept.count < Self.keepLimit { state.kept.append(problem) }
        }
    }

    /// Keeps `card` for the preview when it is among the first good rows.
    func noteGoodRow(_ card: ImportedCard) {
        state.withLock { state in
            if state.firstRows.count < Self.previewRows {
                state.firstRows.append(ImportPreviewRow(question: card.question, answer: card.answer))
            }
        }
    }

    /// Notes the separator the reader read a CSV file with (given, or chosen from its first records).
    func noteSeparator(_ separator: CSVSeparator?) {
        guard let separator else { return }
        state.withLock { $0.separator = separator }
    }

    var kept: [ImportProblem] { state.withLock { $0.kept } }
    var separator: CSVSeparator? { state.withLock { $0.separator } }
    var total: Int { state.withLock { $0.total } }
    var firstRows: [ImportPreviewRow] { state.withLock { $0.firstRows } }
}

/// A good row of an import as it was read: what a preview shows so a person sees the columns fell where they should.
public struct ImportPreviewRow: Sendable, Hashable, Encodable {
    public var question: String
    public var answer: String
}

/// Streams an import file into the store: reads 64 KiB at a time with `read(2)`, parses, loads the pictures rows
/// refer to (files beside the import file), and hands over good rows.
struct FileRowSource: CardRowSource {
    let descriptor: Int32
    let path: String
    let skipBad: Bool
    let imageMaxBytes: Int
    let log: ImportProblemLog
    var reader: DeckTextReader
    /// Told how far the file has been read, after each chunk.
    let progress: (@Sendable (ImportProgress) -> Void)?
    /// The file's size when it was opened (`nil` when unknown), and the bytes read so far.
    private let totalBytes: Int64?
    private var bytesRead: Int64 = 0
    private var buffer = [UInt8](repeating: 0, count: 65_536)
    private var isAtEnd = false

    init(
        descriptor: Int32, path: String, format: DeckTextReader.Format, separator: CSVSeparator?, skipBad: Bool,
        imageMaxBytes: Int, log: ImportProblemLog, progress: (@Sendable (ImportProgress) -> Void)? = nil
    ) {
        self.descriptor = descriptor
        self.path = path
        self.skipBad = skipBad
        self.imageMaxBytes = imageMaxBytes
        self.log = log
        self.reader = DeckTextReader(format: format, separator: separator)
        self.progress = progress
        totalBytes = FileStatus(descriptor: descriptor)?.size
    }

    mutating func next() throws -> ImportedCard? {
        while true {
            while let item = reader.next() {
                switch item {
                case .row(let row):
                    // Once a row is bad an all-or-nothing import will roll back: keep reading only to report.
                    if !skipBad && log.total > 0 { continue }
                    var image: NewImage?
                    if let file = row.imageFile {
                        do {
                            image = try loadPicture(file)
                        } catch {
                            log.record(
                                ImportProblem(at: row.imagePosition ?? row.position, "picture \(file): \(error)"))
                            continue
                        }
                    }
                    let card = ImportedCard(
                        kind: row.kind, question: row.question, answer: row.answer, explanation: row.explanation,
                        isReversed: row.isReversed, image: image, choices: row.choices)
                    log.noteGoodRow(card)
                    log.noteSeparator(reader.separator)
                    return card
                case .problem(let problem):
                    log.record(problem)
                    if problem.isFatal { isAtEnd = true }
                }
            }
            if isAtEnd { return nil }
            try readChunk()
        }
    }

    /// A picture named by a row: a file beside the import file, checked as `card add --image` checks one.
    ///
    /// - Throws: a ``PictureProblem`` or ``FCDeckFormats/DeckFormatError``, described without the deck's path.
    private func loadPicture(_ name: String) throws -> NewImage {
        let file = URL(fileURLWithPath: path).deletingLastPathComponent().appendingPathComponent(name).path
        guard FileManager.default.fileExists(atPath: file) else {
            throw PictureProblem(
                description: "not found beside the deck; copy it there (from Anki's collection.media folder, or from"
                    + " beside the exported file)")
        }
        do {
            return try ImageLoader.load(path: file, maxBytes: imageMaxBytes)
        } catch PipelineError.input(_, let problem) {
            throw PictureProblem(description: problem)
        }
    }

    /// Why a row's picture can't be used.
    struct PictureProblem: Error, CustomStringConvertible {
        var description: String
    }

    private mutating func readChunk() throws {
        let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        if count < 0 && errno == EINTR { return }
        guard count >= 0 else {
            throw PipelineError.input(file: path, problem: "read failed: \(String(cString: strerror(errno)))")
        }
        if count == 0 {
            reader.finish()
            isAtEnd = true
        } else {
            buffer.withUnsafeBufferPointer { reader.feed(UnsafeBufferPointer(rebasing: $0[..<count])) }
            bytesRead += Int64(count)
            progress?(ImportProgress(bytesRead: bytesRead, totalBytes: totalBytes))
        }
    }

    func finish(_ summary: ImportSummary) throws {
        log.noteSeparator(reader.separator)
        let problems = log.kept.map { "\(path):\($0)" }
        if !skipBad && log.total > 0 {
            throw PipelineError.importRefused(file: path, problems: problems, total: log.total)
        }
        if summary.rows == 0 { throw PipelineError.importEmpty(file: path, problems: problems, total: log.total) }
    }
}

/// How far an import has read its file: what a progress bar shows.
public struct ImportProgress: Sendable, Hashable {
    /// Bytes of the file read so far.
    public var bytesRead: Int64
    /// The file's size when it was opened; `nil` when it could not be told.
    public var totalBytes: Int64?

    /// The share read, 0–1; `nil` without a size.
    public var fraction: Double? {
        guard let totalBytes, totalBytes > 0 else { return nil }
        return min(Double(bytesRead) / Double(totalBytes), 1)
    }
}
