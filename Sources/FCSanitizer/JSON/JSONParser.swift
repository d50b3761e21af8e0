/// A recursive-descent JSON reader over UTF-8 bytes, with a strict and a lenient mode.
///
/// Strict mode accepts RFC 8259 JSON and nothing else; it is the fast path for clean replies and never copies
/// a string that has no escapes. Lenient mode also accepts the mistakes language models make (comments, trailing
/// or missing commas, single, typographic or missing quotes, Python literals, raw control characters, invalid
/// escapes) and a reply that ends inside the JSON: open containers are closed and marked truncated, an
/// unfinished scalar is dropped. Every leniency used is recorded in `repairs`.
///
/// One rule applies in both modes (not in the third, exact mode for request bodies): `\b`, `\f`, `\n`, `\r`, `\t` that start a LaTeX command keep their backslash
/// (see ``LatexCommands``).
struct JSONParser {
    enum Mode {
        case strict
        case lenient
        /// RFC 8259 to the letter, without the LaTeX rule: for request bodies, whose clients escape as JSON says.
        case exact
    }

    /// Deep enough for any card list; shallow enough that `[[[[…` cannot exhaust the stack.
    static let maxDepth = 96

    let bytes: UnsafeBufferPointer<UInt8>
    let isLenient: Bool
    /// Whether `\b`, `\f`, `\n`, `\r`, `\t` starting a LaTeX command keep their backslash (not in exact mode).
    let keepsLatexEscapes: Bool
    var position: Int
    var repairs = RepairSet()
    var depth = 0
    /// Reused buffer for strings with escapes, so a reply allocates it once.
    var scratch: [UInt8] = []
    /// The math state of the string being decoded into `scratch` (see ``LatexCommands``).
    var math = MathSpan()

    init(bytes: UnsafeBufferPointer<UInt8>, mode: Mode, position: Int = 0) {
        self.bytes = bytes
        self.isLenient = mode == .lenient
        self.keepsLatexEscapes = mode != .exact
        self.position = position
    }

    /// Reads the whole input as one JSON document (an optional byte order mark, one value, whitespace).
    mutating func parseDocument() throws(SanitizerError) -> ParsedJSON {
        if bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF { position = 3 }
        let value = try parseValue()
        skipWhitespace()
        guard position >= bytes.count else { throw .unexpectedByte(offset: position) }
        return value
    }

    /// Reads one value starting at `position` (after whitespace) and leaves `position` just past it.
    mutating func parseValue() throws(SanitizerError) -> ParsedJSON {
        skipWhitespace()
        guard position < bytes.count else { throw .endOfInput(offset: position) }
        switch bytes[position] {
        case ASCII.openBrace: return try parseObject()
        case ASCII.openBracket: return try parseArray()
        case ASCII.quote: return .string(try parseString())
        case ASCII.minus, UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
        case UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"): return try parseLiteral()
        default:
            return try parseLenientValue()
        }
    }

    /// The values only lenient mode reads: Python literals, `+1`/`.5`, strings in other quotes.
    private mutating func parseLenientValue() throws(SanitizerError) -> ParsedJSON {
        guard isLenient else { throw .unexpectedByte(offset: position) }
        switch bytes[position] {
        case UInt8(ascii: "T"), UInt8(ascii: "F"), UInt8(ascii: "N"):
            return try parseLiteral()
        case ASCII.plus, ASCII.dot:
            return try parseNumber()
        default:
            guard QuoteStyle.opening(in: bytes, at: position) != nil else { throw .unexpectedByte(offset: position) }
            return .string(try parseString())
        }
    }

    // MARK: Containers

    private mutating func parseArray() throws(SanitizerError) -> ParsedJSON {
        try enterContainer()
        defer { depth -= 1 }
        var elements: [ParsedJSON] = []
        skipWhitespace()
        if position < bytes.count && bytes[position] == ASCII.closeBracket {
            position += 1
            return .array(elements, truncated: false)
        }
        while true {
            guard position < bytes.count else { return try endedInside(.array(elements, truncated: true)) }
            let element: ParsedJSON
            do throws(SanitizerError) {
                element = try parseValue()
            } catch {
                guard isLenient && error.isEndOfInput else { throw error }
                // An unfinished scalar is dropped; the complete elements before it are kept.
                return try endedInside(.array(elements, truncated: true))
            }
            elements.append(element)
            if element.isTruncated { return .array(elements, truncated: true) }
            skipWhitespace()
            guard position < bytes.count else { return try endedInside(.array(elements, truncated: true)) }
            switch bytes[position] {
            case ASCII.comma:
                position += 1
                skipWhitespace()
                if position < bytes.count && bytes[position] == ASCII.closeBracket {
                    try accept(.trailingCommas)
                    position += 1
                    return .array(elements, truncated: false)
                }
            case ASCII.closeBracket:
                position += 1
                return .array(elements, truncated: false)
            default:
                guard startsValue(at: position) else { throw .unexpectedByte(offset: position) }
                try accept(.missingCommas)
            }
        }
    }

    private mutating func parseObject() throws(SanitizerError) -> ParsedJSON {
        try enterContainer()
        defer { depth -= 1 }
        var members: [ParsedJSON.Member] = []
        skipWhitespace()
        if position < bytes.count && bytes[position] == ASCII.closeBrace {
            position += 1
            return .object(members, truncated: false)
        }
        while true {
            guard position < bytes.count else { return try endedInside(.object(members, truncated: true)) }
            let keyOffset = position
            let key: String
            let value: ParsedJSON
            do throws(SanitizerError) {
                key = try parseKey()
                skipWhitespace()
                guard position < bytes.count else { throw .endOfInput(offset: position) }
                guard bytes[position] == ASCII.colon else { throw .unexpectedByte(offset: position) }
                position += 1
                value = try parseValue()
            } catch {
                guard isLenient && error.isEndOfInput else { throw error }
                // A member whose key or scalar value was cut off is dropped.
                return try endedInside(.object(members, truncated: true))
            }
            members.append(ParsedJSON.Member(key: key, value: value, keyOffset: keyOffset))
            if value.isTruncated { return .object(members, truncated: true) }
            skipWhitespace()
            guard position < bytes.count else { return try endedInside(.object(members, truncated: true)) }
            switch bytes[position] {
            case ASCII.comma:
                position += 1
                skipWhitespace()
                if position < bytes.count && bytes[position] == ASCII.closeBrace {
                    try accept(.trailingCommas)
                    position += 1
                    return .object(members, truncated: false)
                }
            case ASCII.closeBrace:
                position += 1
                return .object(members, truncated: false)
            default:
                guard startsKey(at: position) else { throw .unexpectedByte(offset: position) }
                try accept(.missingCommas)
            }
        }
    }

    private mutating func parseKey() throws(SanitizerError) -> String {
        guard position < bytes.count else { throw .endOfInput(offset: position) }
        let byte = bytes[position]
        if byte == ASCII.quote || (isLenient && QuoteStyle.opening(in: bytes, at: position) != nil) {
            return try parseString()
        }
        guard isLenient && (ASCII.isLetter(byte) || byte == ASCII.underscore) else {
            throw .unexpectedByte(offset: position)
        }
        let start = position
        while position < bytes.count && ASCII.isIdentifier(bytes[position]) { position += 1 }
        repairs.insert(.unquotedKeys)
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
    }

    private mutating func enterContainer() throws(SanitizerError) {
        guard depth < Self.maxDepth else { throw .tooDeep(offset: position) }
        depth += 1
        position += 1
    }

    /// The input ended inside a container: strict mode fails, lenient mode keeps what was complete.
    private mutating func endedInside(_ partial: ParsedJSON) throws(SanitizerError) -> ParsedJSON {
        guard isLenient else { throw .endOfInput(offset: position) }
        repairs.insert(.truncation)
        return partial
    }

    /// Records a leniency, or fails in strict mode.
    mutating func accept(_ repair: Repair) throws(SanitizerError) {
        guard isLenient else { throw .unexpectedByte(offset: position) }
        repairs.insert(repair)
    }

    private func startsValue(at index: Int) -> Bool {
        switch bytes[index] {
        case ASCII.openBrace, ASCII.openBracket, ASCII.quote, ASCII.minus, UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"), UInt8(ascii: "T"), UInt8(ascii: "F"),
            UInt8(ascii: "N"):
            return true
        default:
            return QuoteStyle.opening(in: bytes, at: index) != nil
        }
    }

    private func startsKey(at index: Int) -> Bool {
        let byte = bytes[index]
        return byte == ASCII.quote || ASCII.isLetter(byte) || byte == ASCII.underscore
            || QuoteStyle.opening(in: bytes, at: index) != nil
    }

    // MARK: Whitespace

    /// Skips JSON whitespace; in lenient mode also comments, no-break spaces and byte order marks.
    @inline(__always)
    mutating func skipWhitespace() {
        while position < bytes.count {
            if ASCII.isWhitespace(bytes[position]) {
                position += 1
            } else if !isLenient || !skipLenientTrivia() {
                return
            }
        }
    }

    private mutating func skipLenientTrivia() -> Bool {
        let byte = bytes[position]
        let next: UInt8 = position + 1 < bytes.count ? bytes[position + 1] : 0
        if byte == ASCII.slash && next == ASCII.slash {
            while position < bytes.count && bytes[position] != ASCII.newline { position += 1 }
            repairs.insert(.comments)
            return true
        }
        if byte == ASCII.slash && next == ASCII.star {
            position += 2
            while position < bytes.count
                && !(bytes[position] == ASCII.star && position + 1 < bytes.count && bytes[position + 1] == ASCII.slash)
            {
                position += 1
            }
            position = min(position + 2, bytes.count)
            repairs.insert(.comments)
            return true
        }
        if byte == 0xC2 && next == 0xA0 {  // U+00A0 no-break space
            position += 2
            return true
        }
        if byte == 0xEF && next == 0xBB && position + 2 < bytes.count && bytes[position + 2] == 0xBF {  // U+FEFF
            position += 3
            return true
        }
        if byte == 0x0B || byte == 0x0C {
            position += 1
            return true
        }
        return false
    }
}
