/// A byte-at-a-time reader of separator-delimited text (`;` CSV, Anki's tab-separated files): bounded memory,
/// exact positions, and recovery after a bad line.
///
/// Quoting follows RFC 4180 as spreadsheets, Python's `csv` module and Anki read it, with two allowances for
/// hand-written files: blanks around a field are ignored (so `a; "b;c" ; d` has fields `a`, `b;c`, `d`), and CRLF,
/// LF and lone CR all end a line. A field is quoted only when its first non-blank character is `"`; a `"` later in
/// an unquoted field is text (`Who wrote "Commentarii"?`). Inside quotes `""` is a quote, separators and line
/// breaks are text, and a CRLF becomes LF.
///
/// Every byte is checked as UTF-8 as it arrives, and NUL bytes are refused, each at its own line and column. A
/// field keeps at most ``maxFieldBytes`` bytes: the rest is counted, not stored (``RawField/isOverflowing``), so
/// memory stays flat whatever the input; a record holds at most ``maxFields`` fields. After a problem the rest of
/// the record is skipped (to the end of the line, or of the quoted field the problem is in) and reading goes on, so
/// a caller can list every bad line.
///
/// ```swift
/// var tokenizer = DelimitedTokenizer(separator: UInt8(ascii: ";"))
/// for byte in bytes { if let event = tokenizer.consume(byte) { handle(event) } }
/// if let event = tokenizer.finish() { handle(event) }
/// ```
public struct DelimitedTokenizer: Sendable {
    /// What a byte (or the end of input) completed.
    public enum Event: Sendable, Hashable {
        case record(RawRecord)
        case problem(ImportProblem)
    }

    private enum State: Sendable {
        case fieldStart, unquoted, quoted, quoteInQuoted, afterClosingQuote, skippingLine
    }

    /// Bytes kept of one field: far more than any card field within the limits needs (2,000 characters of 4-byte
    /// scalars are 8,000 bytes; even 25-byte emoji sequences stay under 64 KiB).
    public static let defaultMaxFieldBytes = 65_536
    /// Fields kept of one record: more than any Anki note type has.
    public static let defaultMaxFields = 256

    public let separator: UInt8
    public let maxFieldBytes: Int
    public let maxFields: Int
    private var state = State.fieldStart
    private var line: Int
    /// The column the next scalar's first byte has.
    private var column = 1
    private var skipLineFeed = false

    private var fields: [RawField] = []
    private var bytes: [UInt8] = []
    private var fieldStart = TextPosition(line: 1, column: 1)
    private var recordLine: Int
    /// Unquoted fields lose trailing blanks; this is `bytes.count` without them.
    private var unquotedLength = 0
    /// The current field's length in bytes, counted on past ``maxFieldBytes``.
    private var fieldByteCount = 0
    /// A problem inside a quoted field: the rest of the field is read (its line breaks are text), then reported.
    private var pending: ImportProblem?
    private var utf8 = UTF8Validator()

    /// - Parameters:
    ///   - separator: the field separator byte (ASCII).
    ///   - firstLine: the line number of the first byte (after header lines a caller read itself).
    ///   - maxFieldBytes: bytes kept of one field; a longer one is marked ``RawField/isOverflowing``.
    ///   - maxFields: fields a record may have; more is a problem.
    public init(
        separator: UInt8, firstLine: Int = 1, maxFieldBytes: Int = Self.defaultMaxFieldBytes,
        maxFields: Int = Self.defaultMaxFields
    ) {
        self.separator = separator
        self.maxFieldBytes = maxFieldBytes
        self.maxFields = maxFields
        self.line = firstLine
        self.recordLine = firstLine
        self.fieldStart = TextPosition(line: firstLine, column: 1)
    }

    private static let quote = UInt8(ascii: "\"")
    private static let lineFeed = UInt8(ascii: "\n")
    private static let carriageReturn = UInt8(ascii: "\r")
    private static let space = UInt8(ascii: " ")
    private static let tab = UInt8(ascii: "\t")

    /// Reads a chunk of bytes, handing each completed record or problem to `handle`.
    public mutating func consume(_ chunk: UnsafeBufferPointer<UInt8>, _ handle: (Event) throws -> Void) rethrows {
        for byte in chunk {
            if let event = consume(byte) { try handle(event) }
        }
    }

    /// All events of a whole text (for tests and small inputs).
    public static func events(of text: String, separator: UInt8) -> [Event] {
        var tokenizer = DelimitedTokenizer(separator: separator)
        var events: [Event] = []
        for byte in text.utf8 {
            if let event = tokenizer.consume(byte) { events.append(event) }
        }
        if let event = tokenizer.finish() { events.append(event) }
        return events
    }

    /// Reads one byte; returns the record or problem it completes, if any.
    public mutating func consume(_ byte: UInt8) -> Event? {
        if skipLineFeed {
            skipLineFeed = false
            if byte == Self.lineFeed { return nil }
        }
        let position = TextPosition(line: line, column: column)
        if byte == Self.lineFeed || byte == Self.carriageReturn {
            line += 1
            column = 1
            skipLineFeed = byte == Self.carriageReturn
        } else if byte & 0xC0 != 0x80 {
            column += 1
        }
        if let start = utf8.check(byte, at: position) {
            if let event = fail(Self.invalidUTF8(at: start)) { return event }
            return step(byte, at: position)
        }
        if byte == 0 {
            if let event = fail(
                ImportProblem(at: position, "NUL byte (0x00): a text file has none; is this a text file?"))
            {
                return event
            }
        }
        return step(byte, at: position)
    }

    /// Ends the input: returns the last record (a file need not end with a line break) or a problem.
    public mutating func finish() -> Event? {
        let position = TextPosition(line: line, column: column)
        if utf8.isInsideScalar {
            utf8.reset()
            if pending == nil {
                let problem = ImportProblem(at: utf8.scalarStart, "invalid UTF-8: the file ends inside a character")
                if state != .quoted { return fail(problem) }
                pending = problem
            }
        }
        switch state {
        case .quoted:
            let problem =
                pending
                ?? ImportProblem(
                    at: fieldStart, "unterminated quoted field: expected a closing \" before the end of the file")
            resetRecord()
            return .problem(problem)
        case .skippingLine:
            state = .fieldStart
            return nil
        case .fieldStart where fields.isEmpty:
            return nil
        default:
            return endRecord(at: position, lastIsQuoted: state == .quoteInQuoted || state == .afterClosingQuote)
        }
    }

    private mutating func step(_ byte: UInt8, at position: TextPosition) -> Event? {
        let isLineEnd = byte == Self.lineFeed || byte == Self.carriageReturn
        switch state {
        case .skippingLine:
            if isLineEnd { resetRecord() }
            return nil
        case .fieldStart:
            if isBlank(byte) { return nil }
            if fields.isEmpty { recordLine = position.line }
            if byte == Self.quote {
                fieldStart = position  // a quoted field is where its quote is
                state = .quoted
                return nil
            }
            if byte == separator { return endField(isQuoted: false) }
            if isLineEnd { return endRecord(at: position) }
            state = .unquoted
            append(byte)
            unquotedLength = bytes.count
            return nil
        case .unquoted:
            if byte == separator { return endField(isQuoted: false) }
            if isLineEnd { return endRecord(at: position) }
            append(byte)  // a quote here is text, as in spreadsheets, Python's csv module and Anki
            if !isBlank(byte) { unquotedLength = bytes.count }
            return nil
        case .quoted:
            if byte == Self.quote {
                state = .quoteInQuoted
            } else {
                append(byte == Self.carriageReturn ? Self.lineFeed : byte)  // CRLF and lone CR inside become LF
            }
            return nil
        case .quoteInQuoted:
            if byte == Self.quote {
                append(Self.quote)
                state = .quoted
                return nil
            }
            state = .afterClosingQuote
            return step(byte, at: position)
        case .afterClosingQuote:
            if isBlank(byte) { return nil }
            if byte == separator { return endField(isQuoted: true) }
            if isLineEnd { return endRecord(at: position, lastIsQuoted: true) }
            return fail(
                ImportProblem(at: position, "expected \(separatorName) or the end of the line after a closing quote"))
        }
    }

    /// `;`, "a tab", …, for messages.
    public var separatorName: String {
        separator == Self.tab ? "a tab" : "\"\(String(decoding: [separator], as: UTF8.self))\""
    }

    private func isBlank(_ byte: UInt8) -> Bool {
        (byte == Self.space || byte == Self.tab) && byte != separator
    }

    /// Keeps a byte of the current field, up to the cap; past it (or after a problem) only counts it.
    private mutating func append(_ byte: UInt8) {
        fieldByteCount += 1
        guard pending == nil, bytes.count < maxFieldBytes else { return }
        bytes.append(byte)
    }

    private mutating func endField(isQuoted: Bool) -> Event? {
        if fields.count == maxFields {
            return fail(ImportProblem(at: fieldStart, "expected at most \(maxFields) fields in a record"))
        }
        let isOverflowing = fieldByteCount > maxFieldBytes
        let length = isOverflowing ? 0 : isQuoted ? bytes.count : unquotedLength
        // Every byte passed the UTF-8 check on arrival, so decoding cannot repair anything here.
        let text = String(decoding: bytes[..<length], as: UTF8.self)
        fields.append(
            RawField(
                text: text, position: fieldStart, isQuoted: isQuoted,
                overflowingByteCount: isOverflowing ? fieldByteCount : nil))
        bytes.removeAll(keepingCapacity: bytes.capacity <= 4_096)
        unquotedLength = 0
        fieldByteCount = 0
        state = .fieldStart
        fieldStart = TextPosition(line: line, column: column)
        return nil
    }

    private mutating func endRecord(at position: TextPosition, lastIsQuoted: Bool = false) -> Event? {
        if let event = endField(isQuoted: lastIsQuoted) { return event }
        if let pending {
            resetRecord()
            return .problem(pending)
        }
        let record = RawRecord(fields: fields, line: recordLine, end: position)
        resetRecord()
        // A blank line is no record.
        if record.fields.count == 1, record.fields[0].text.isEmpty, !record.fields[0].isQuoted,
            !record.fields[0].isOverflowing
        {
            return nil
        }
        return .record(record)
    }

    private mutating func resetRecord() {
        fields.removeAll(keepingCapacity: true)
        bytes.removeAll(keepingCapacity: bytes.capacity <= 4_096)
        unquotedLength = 0
        fieldByteCount = 0
        pending = nil
        state = .fieldStart
        recordLine = line
        fieldStart = TextPosition(line: line, column: column)
    }

    /// Reports `problem` and skips the rest of the record. Inside a quoted field the field is read on to its
    /// closing quote (its line breaks are text, not new records) and the problem is reported when the record
    /// ends; elsewhere the rest of the line is skipped (nothing more when the problem byte ended it).
    private mutating func fail(_ problem: ImportProblem) -> Event? {
        if state == .quoted {
            if pending == nil { pending = problem }
            return nil
        }
        // One problem per line: a binary file is reported once a line, not once a byte.
        if state == .skippingLine {
            if column == 1 { resetRecord() }
            return nil
        }
        let endedLine = column == 1
        let reported = pending ?? problem
        resetRecord()
        if !endedLine { state = .skippingLine }
        return .problem(reported)
    }

    private static func invalidUTF8(at position: TextPosition) -> ImportProblem {
        ImportProblem(at: position, "invalid UTF-8: the file must be UTF-8 text (save it as UTF-8 and try again)")
    }
}
