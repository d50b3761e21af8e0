extension JSONParser {
    /// Reads a number and keeps its literal text. Lenient mode also takes a leading `+` or `.`.
    mutating func parseNumber() throws(SanitizerError) -> ParsedJSON {
        let start = position
        if bytes[position] == ASCII.minus || (isLenient && bytes[position] == ASCII.plus) { position += 1 }
        let integerDigits = skipDigits()
        if integerDigits == 0 && !(isLenient && position < bytes.count && bytes[position] == ASCII.dot) {
            throw position < bytes.count ? .unexpectedByte(offset: position) : .endOfInput(offset: position)
        }
        if !isLenient && integerDigits > 1 && bytes[position - integerDigits] == UInt8(ascii: "0") {
            throw .unexpectedByte(offset: position - integerDigits)  // RFC 8259: no leading zeros
        }
        if position < bytes.count && bytes[position] == ASCII.dot {
            position += 1
            if skipDigits() == 0 && !isLenient { throw fractionError() }
        }
        if position < bytes.count && (bytes[position] | 0x20) == UInt8(ascii: "e") {
            position += 1
            if position < bytes.count && (bytes[position] == ASCII.plus || bytes[position] == ASCII.minus) {
                position += 1
            }
            if skipDigits() == 0 { throw fractionError() }
        }
        return .number(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self))
    }

    /// Reads `true`, `false`, `null`; lenient mode also Python's `True`, `False`, `None`.
    mutating func parseLiteral() throws(SanitizerError) -> ParsedJSON {
        for (text, value, isPython) in Self.literals where !isPython || isLenient {
            switch match(text) {
            case .matched:
                if isPython { repairs.insert(.pythonLiterals) }
                position += text.count
                return value
            case .cutOff:
                throw .endOfInput(offset: bytes.count)
            case .different:
                continue
            }
        }
        throw .unexpectedByte(offset: position)
    }

    private static let literals: [(text: [UInt8], value: ParsedJSON, isPython: Bool)] = [
        (Array("true".utf8), .bool(true), false),
        (Array("false".utf8), .bool(false), false),
        (Array("null".utf8), .null, false),
        (Array("True".utf8), .bool(true), true),
        (Array("False".utf8), .bool(false), true),
        (Array("None".utf8), .null, true),
    ]

    private enum LiteralMatch {
        case matched
        case cutOff
        case different
    }

    private func match(_ text: [UInt8]) -> LiteralMatch {
        for offset in 0..<text.count {
            guard position + offset < bytes.count else { return .cutOff }
            if bytes[position + offset] != text[offset] { return .different }
        }
        return .matched
    }

    private mutating func skipDigits() -> Int {
        let start = position
        while position < bytes.count && ASCII.isDigit(bytes[position]) { position += 1 }
        return position - start
    }

    private func fractionError() -> SanitizerError {
        position < bytes.count ? .unexpectedByte(offset: position) : .endOfInput(offset: position)
    }
}
