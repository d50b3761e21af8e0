/// A byte-at-a-time reader of separator-delimited text (`;` CSV, Anki's tab-separated files): constant memory,
/// exact positions, and recovery after a bad line.
///
/// Quoting follows RFC 4180 with two allowances for hand-written files: blanks around a field are ignored (so
/// `a; "b;c" ; d` has fields `a`, `b;c`, `d`), and CRLF, LF and lone CR all end a line. Inside quotes `""` is a
/// quote, separators and line breaks are text, and a CRLF becomes LF. Every byte is checked as UTF-8 as it
/// arrives, so a bad byte is reported at its own line and column. After a problem the rest of that line is
/// skipped and reading goes on, so a caller can list every bad line.
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

    public let separator: UInt8
    private let lenientQuotes: Bool
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

    // UTF-8 check: continuation bytes still expected, the allowed range of the next one, where the scalar began.
    private var utf8Needed = 0
    private var utf8Low: UInt8 = 0x80
    private var utf8High: UInt8 = 0xBF
    private var utf8Start = TextPosition(line: 1, column: 1)

    /// - Parameters:
    ///   - separator: the field separator byte (ASCII).
    ///   - firstLine: the line number of the first byte (after header lines a caller read itself).
    ///   - lenientQuotes: take a `"` inside an unquoted field as text (Anki writes `<img src="…">` unquoted)
    ///     instead of reporting it.
    public init(separator: UInt8, firstLine: Int = 1, lenientQuotes: Bool = false) {
        self.separator = separator
        self.lenientQuotes = lenientQuotes
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
    public static func events(of text: String, separator: UInt8, lenientQuotes: Bool = false) -> [Event] {
        var tokenizer = DelimitedTokenizer(separator: separator, lenientQuotes: lenientQuotes)
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
        if let problem = checkUTF8(byte, at: position) { return fail(problem) }
        return step(byte, at: position)
    }

    /// Ends the input: returns the last record (a file need not end with a line break) or a problem.
    public mutating func finish() -> Event? {
        let position = TextPosition(line: line, column: column)
        if utf8Needed > 0 {
            utf8Needed = 0
            return fail(ImportProblem(at: utf8Start, "invalid UTF-8: the file ends inside a character"))
        }
        switch state {
        case .quoted:
            let opened = fieldStart
            state = .fieldStart
            return .problem(
                ImportProblem(
                    at: opened, "unterminated quoted field: expected a closing \" before the end of the file"))
        case .skippingLine:
            state = .fieldStart
            return nil
        case .fieldStart where fields.isEmpty:
            return nil
        default:
            return endRecord(at: position)
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
            if byte == separator {
                endField(isQuoted: false)
                return nil
            }
            if isLineEnd { return endRecord(at: position) }
            state = .unquoted
            bytes.append(byte)
            unquotedLength = bytes.count
            return nil
        case .unquoted:
            if byte == separator {
                endField(isQuoted: false)
                return nil
            }
            if isLineEnd { return endRecord(at: position) }
            if byte == Self.quote && !lenientQuotes {
                return fail(
                    ImportProblem(
                        at: position,
                        "unexpected \" inside an unquoted field: quote the whole field and double the quotes in it"
                            + " (\"say \"\"hi\"\"\")"))
            }
            bytes.append(byte)
            if !isBlank(byte) { unquotedLength = bytes.count }
            return nil
        case .quoted:
            if byte == Self.quote {
                state = .quoteInQuoted
            } else if byte == Self.carriageReturn {
                bytes.append(Self.lineFeed)  // CRLF and lone CR inside a field become LF
            } else {
                bytes.append(byte)
            }
            return nil
        case .quoteInQuoted:
            if byte == Self.quote {
                bytes.append(Self.quote)
                state = .quoted
                return nil
            }
            state = .afterClosingQuote
            return step(byte, at: position)
        case .afterClosingQuote:
            if isBlank(byte) { return nil }
            if byte == separator {
                endField(isQuoted: true)
                return nil
            }
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

    private mutating func endField(isQuoted: Bool) {
        let length = isQuoted ? bytes.count : unquotedLength
        // Every byte passed the UTF-8 check on arrival, so decoding cannot repair anything here.
        let text = String(decoding: bytes[..<length], as: UTF8.self)
        fields.append(RawField(text: text, position: fieldStart, isQuoted: isQuoted))
        bytes.removeAll(keepingCapacity: true)
        unquotedLength = 0
        state = .fieldStart
        fieldStart = TextPosition(line: line, column: column)
    }

    private mutating func endRecord(at position: TextPosition, lastIsQuoted: Bool = false) -> Event? {
        endField(isQuoted: lastIsQuoted)
        let record = RawRecord(fields: fields, line: recordLine, end: position)
        resetRecord()
        // A blank line is no record.
        if record.fields.count == 1, record.fields[0].text.isEmpty, !record.fields[0].isQuoted { return nil }
        return .record(record)
    }

    private mutating func resetRecord() {
        fields.removeAll(keepingCapacity: true)
        bytes.removeAll(keepingCapacity: true)
        unquotedLength = 0
        state = .fieldStart
        recordLine = line
        fieldStart = TextPosition(line: line, column: column)
    }

    /// Reports `problem` and skips the rest of the line (or nothing more, when the problem byte ended it).
    private mutating func fail(_ problem: ImportProblem) -> Event {
        let endedLine = column == 1 && state != .quoted
        resetRecord()
        if !endedLine { state = .skippingLine }
        return .problem(problem)
    }

    /// Checks one byte against the UTF-8 rules (Unicode 15 table 3-7: no overlongs, surrogates or values above
    /// U+10FFFF).
    private mutating func checkUTF8(_ byte: UInt8, at position: TextPosition) -> ImportProblem? {
        if utf8Needed > 0 {
            guard byte >= utf8Low && byte <= utf8High else {
                utf8Needed = 0
                return invalidUTF8(at: utf8Start)
            }
            utf8Needed -= 1
            utf8Low = 0x80
            utf8High = 0xBF
            return nil
        }
        switch byte {
        case 0x00...0x7F: return nil
        case 0xC2...0xDF: utf8Needed = 1
        case 0xE0: (utf8Needed, utf8Low) = (2, 0xA0)
        case 0xE1...0xEC, 0xEE...0xEF: utf8Needed = 2
        case 0xED: (utf8Needed, utf8High) = (2, 0x9F)
        case 0xF0: (utf8Needed, utf8Low) = (3, 0x90)
        case 0xF1...0xF3: utf8Needed = 3
        case 0xF4: (utf8Needed, utf8High) = (3, 0x8F)
        default: return invalidUTF8(at: position)
        }
        utf8Start = position
        return nil
    }

    private func invalidUTF8(at position: TextPosition) -> ImportProblem {
        ImportProblem(at: position, "invalid UTF-8: the file must be UTF-8 text (save it as UTF-8 and try again)")
    }
}
