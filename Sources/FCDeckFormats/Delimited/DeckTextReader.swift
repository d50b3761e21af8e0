/// Reads an import file piece by piece into rows and problems, holding at most one record (each field capped, see
/// ``DelimitedTokenizer``) in memory.
///
/// Feed the file's bytes in chunks of any size (a 64 KiB read buffer is typical), then call ``finish()``, and take
/// what is ready with ``next()`` after each feed. A UTF-8 byte-order mark is skipped; a UTF-16 file is refused at
/// 1:1. For ``Format/anki`` the `#…` header lines at the top choose the separator and columns; for ``Format/csv`` the
/// caller's separator, or, without one, the first records (``CSVSeparatorSniffer``: up to 20 records or 64 KiB are
/// held back until it is chosen, then read as usual).
///
/// ```swift
/// var reader = DeckTextReader(format: .csv)
/// while let chunk = readChunk() {
///     chunk.withUnsafeBufferPointer { reader.feed($0) }
///     while let item = reader.next() { handle(item) }
/// }
/// reader.finish()
/// while let item = reader.next() { handle(item) }
/// ```
public struct DeckTextReader: Sendable {
    /// The file formats the importer reads.
    public enum Format: String, Sendable, CaseIterable {
        /// fcgen's `question; answer; explanation; reversed` format.
        case csv
        /// Anki's "Notes in Plain Text" export.
        case anki
    }

    public let format: Format
    /// The longest `#…` header line read: Anki's are a few dozen bytes.
    static let maxHeaderLineBytes = 65_536
    private var startBytes: [UInt8] = []
    private var isPastStart = false
    private var isStopped = false

    // Anki header phase: header lines are collected until the first line that does not start with `#`.
    private var isReadingHeader: Bool
    private var headerLine: [UInt8] = []
    private var headerLineNumber = 1
    private var header = AnkiHeader()

    /// A CSV file's separator: the caller's, or the one chosen from its first records (`nil` until then, and for
    /// Anki files, whose header chooses theirs).
    public private(set) var separator: CSVSeparator?
    /// Whether ``separator`` was given by the caller rather than chosen from the file.
    public let isSeparatorForced: Bool
    /// The start of a CSV file held back while its separator is chosen; `nil` once it is.
    private var sample: [UInt8]?
    private var sampleLineBreaks = 0

    private var tokenizer: DelimitedTokenizer?
    private var csvMapper = DeckCSVRowMapper(separator: .semicolon)
    private var ankiMapper: AnkiRowMapper?

    private var ready: [ImportItem] = []
    private var readyIndex = 0

    /// - Parameter separator: a CSV file's separator; `nil` chooses it from the file's first records.
    public init(format: Format, separator: CSVSeparator? = nil) {
        self.format = format
        isReadingHeader = format == .anki
        isSeparatorForced = separator != nil
        guard format == .csv else { return }
        if let separator {
            use(separator)
        } else {
            sample = []
        }
    }

    /// Reads the rest of a CSV file with `separator`.
    private mutating func use(_ separator: CSVSeparator) {
        self.separator = separator
        tokenizer = DelimitedTokenizer(separator: separator.byte)
        csvMapper = DeckCSVRowMapper(separator: separator)
    }

    /// Holds back the start of a CSV file until its separator can be chosen; then reads what was held.
    private mutating func hold(_ chunk: UnsafeBufferPointer<UInt8>, isEnd: Bool) {
        sample?.append(contentsOf: chunk)
        sampleLineBreaks += chunk.count { $0 == UInt8(ascii: "\n") }
        guard let held = sample,
            isEnd || held.count >= CSVSeparatorSniffer.sampleBytes
                || sampleLineBreaks > CSVSeparatorSniffer.sampleRecords
        else { return }
        sample = nil
        use(CSVSeparatorSniffer.choose(held, isWholeFile: isEnd))
        held.withUnsafeBufferPointer { feedBody($0) }
    }

    /// The next row or problem that is complete, in file order; `nil` until more bytes arrive.
    public mutating func next() -> ImportItem? {
        guard readyIndex < ready.count else {
            if readyIndex > 0 {
                ready.removeAll(keepingCapacity: true)
                readyIndex = 0
            }
            return nil
        }
        defer { readyIndex += 1 }
        return ready[readyIndex]
    }

    /// Reads more of the file.
    public mutating func feed(_ chunk: UnsafeBufferPointer<UInt8>) {
        guard !isStopped else { return }
        var rest = chunk[...]
        if !isPastStart {
            while !isPastStart, let byte = rest.first {
                rest = rest.dropFirst()
                startBytes.append(byte)
                checkStart(final: false)
            }
            if !isPastStart { return }
        }
        feedBody(UnsafeBufferPointer(rebasing: rest))
    }

    /// Ends the input: completes the last line.
    public mutating func finish() {
        guard !isStopped else { return }
        if !isPastStart { checkStart(final: true) }
        if isReadingHeader { endHeader() }
        if sample != nil { hold(UnsafeBufferPointer(start: nil, count: 0), isEnd: true) }
        guard var tokenizer else { return }
        self.tokenizer = nil  // so the copy below is unique and its buffers are not copied on write
        if let event = tokenizer.finish() { handle(event) }
        self.tokenizer = tokenizer
    }

    /// Recognises (and drops) a byte-order mark once enough bytes are in.
    private mutating func checkStart(final: Bool) {
        let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
        if startBytes.count >= 2, startBytes.prefix(2) == [0xFF, 0xFE] || startBytes.prefix(2) == [0xFE, 0xFF] {
            ready.append(
                .problem(
                    ImportProblem(
                        at: TextPosition(line: 1, column: 1),
                        "the file is UTF-16; save it as UTF-8 and import it again", isFatal: true)))
            isStopped = true
            isPastStart = true
            return
        }
        if !final, startBytes.count == 1, startBytes[0] == 0xFF || startBytes[0] == 0xFE {
            return  // could be a UTF-16 byte-order mark
        }
        if startBytes == bom {
            startBytes = []
        } else if !final && bom.starts(with: startBytes) {
            return  // could still be a BOM
        }
        isPastStart = true
        let pending = startBytes
        startBytes = []
        pending.withUnsafeBufferPointer { feedBody($0) }
    }

    private mutating func feedBody(_ chunk: UnsafeBufferPointer<UInt8>) {
        guard !isStopped else { return }
        if sample != nil {
            hold(chunk, isEnd: false)
            return
        }
        var start = 0
        if isReadingHeader {
            while start < chunk.count, isReadingHeader {
                let byte = chunk[start]
                if headerLine.isEmpty && byte != UInt8(ascii: "#") {
                    endHeader()
                    break
                }
                start += 1
                if byte == UInt8(ascii: "\n") {
                    readHeaderLine()
                } else if headerLine.count < Self.maxHeaderLineBytes {
                    headerLine.append(byte)
                } else {
                    stop(
                        ImportProblem(
                            at: TextPosition(line: headerLineNumber, column: 1),
                            "expected a header line of at most \(Self.maxHeaderLineBytes) bytes", isFatal: true))
                    return
                }
            }
        }
        guard var tokenizer, start < chunk.count else { return }
        self.tokenizer = nil
        tokenizer.consume(UnsafeBufferPointer(rebasing: chunk[start...])) { handle($0) }
        self.tokenizer = tokenizer
    }

    /// Reports a problem after which nothing more is read.
    private mutating func stop(_ problem: ImportProblem) {
        ready.append(.problem(problem))
        isStopped = true
    }

    private mutating func readHeaderLine() {
        var bytes = headerLine.dropFirst()  // the `#`
        if bytes.last == UInt8(ascii: "\r") { bytes = bytes.dropLast() }
        if let problem = header.read(String(decoding: bytes, as: UTF8.self)) {
            ready.append(.problem(ImportProblem(at: TextPosition(line: headerLineNumber, column: 2), problem)))
        }
        headerLine.removeAll(keepingCapacity: true)
        headerLineNumber += 1
    }

    private mutating func endHeader() {
        if !headerLine.isEmpty { readHeaderLine() }
        isReadingHeader = false
        header.finish()
        tokenizer = DelimitedTokenizer(separator: header.separator, firstLine: headerLineNumber)
        ankiMapper = AnkiRowMapper(header: header)
    }

    private mutating func handle(_ event: DelimitedTokenizer.Event) {
        switch event {
        case .problem(let problem):
            ready.append(.problem(problem))
        case .record(let record):
            switch format {
            case .csv: if let item = csvMapper.map(record) { ready.append(item) }
            case .anki: if let item = ankiMapper?.map(record) { ready.append(item) }
            }
        }
    }

    /// Every row and problem of a whole text (for tests and small inputs).
    public static func items(of text: String, format: Format, separator: CSVSeparator? = nil) -> [ImportItem] {
        var reader = DeckTextReader(format: format, separator: separator)
        var items: [ImportItem] = []
        Array(text.utf8).withUnsafeBufferPointer { reader.feed($0) }
        reader.finish()
        while let item = reader.next() { items.append(item) }
        return items
    }
}
