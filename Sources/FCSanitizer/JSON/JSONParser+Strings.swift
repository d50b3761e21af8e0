extension JSONParser {
    /// Reads the string whose opening quote is at `position` and leaves `position` past its closing quote.
    ///
    /// Strict mode: `"` only, closed by the first unescaped `"`, no raw control characters.
    /// Lenient mode: any ``QuoteStyle``; a closing quote counts only when what follows it is structural (see
    /// `closesString(after:)`), so `"He said "hi" there"` and `“a “quoted” word”` keep their inner quotes.
    mutating func parseString() throws(SanitizerError) -> String {
        let opening: (style: QuoteStyle, length: Int)
        if bytes[position] == ASCII.quote {
            opening = (.double, 1)
        } else if isLenient, let lenientOpening = QuoteStyle.opening(in: bytes, at: position) {
            opening = lenientOpening
        } else {
            throw .unexpectedByte(offset: position)
        }
        position += opening.length
        let start = position
        var index = start
        if opening.style == .double {
            // Fast path: most strings have neither escapes nor control bytes and are decoded without a copy.
            while index < bytes.count {
                let byte = bytes[index]
                if byte == ASCII.quote {
                    if !isLenient || closesString(after: index + 1) {
                        position = index + 1
                        return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
                    }
                    break
                }
                if byte == ASCII.backslash || byte < 0x20 { break }
                index += 1
            }
        }
        return try parseStringWithEscapes(style: opening.style, start: start, resumeAt: index)
    }

    /// The general string loop: escapes, lenient closing rules, control characters.
    private mutating func parseStringWithEscapes(
        style: QuoteStyle,
        start: Int,
        resumeAt resume: Int
    ) throws(SanitizerError) -> String {
        scratch.removeAll(keepingCapacity: true)
        math.reset()
        scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<resume]))
        var index = resume
        while index < bytes.count {
            let byte = bytes[index]
            if byte == ASCII.backslash {
                index = try decodeEscape(at: index)
                continue
            }
            let closing = style.closingLength(in: bytes, at: index)
            if closing > 0 {
                if !isLenient || closesString(after: index + closing) {
                    position = index + closing
                    if let repair = style.repair { repairs.insert(repair) }
                    return String(decoding: scratch, as: UTF8.self)
                }
                // Lenient only: a quote followed by content is content.
                if style == .double { repairs.insert(.innerQuotes) }
                scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[index..<(index + closing)]))
                index += closing
                continue
            }
            if byte < 0x20 {
                guard isLenient else { throw .unexpectedByte(offset: index) }
                repairs.insert(.controlCharacters)
            }
            scratch.append(byte)
            index += 1
        }
        position = bytes.count
        throw .endOfInput(offset: bytes.count)
    }

    /// Whether a quote that ends just before `index` closes its string: the next non-blank byte is structural
    /// (`,` `:` `}` `]`, a comment) or on a later line, or the input ends.
    ///
    /// Valid JSON always satisfies this, so the rule never changes how valid JSON reads.
    private func closesString(after index: Int) -> Bool {
        var cursor = index
        var crossedLine = false
        while cursor < bytes.count {
            switch bytes[cursor] {
            case ASCII.comma, ASCII.colon, ASCII.closeBrace, ASCII.closeBracket:
                return true
            case 0x20, 0x09, 0x0D:
                cursor += 1
            case ASCII.newline:
                crossedLine = true
                cursor += 1
            case ASCII.slash:
                let next = cursor + 1 < bytes.count ? bytes[cursor + 1] : 0
                return next == ASCII.slash || next == ASCII.star
            default:
                return crossedLine
            }
        }
        return true
    }

    /// Decodes the escape at `index` (a backslash) into `scratch` and returns the index after it.
    private mutating func decodeEscape(at index: Int) throws(SanitizerError) -> Int {
        guard index + 1 < bytes.count else { throw .endOfInput(offset: bytes.count) }
        let letter = bytes[index + 1]
        switch letter {
        case ASCII.quote, ASCII.backslash, ASCII.slash:
            scratch.append(letter)
            return index + 2
        case ASCII.apostrophe where isLenient:
            scratch.append(letter)  // Python's \'
            return index + 2
        case UInt8(ascii: "b"), UInt8(ascii: "f"), UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
            if keepsLatexEscapes,
                LatexCommands.startsCommand(in: bytes, at: index + 1, decodedSoFar: scratch, math: &math)
            {
                // `\frac` is LaTeX, not a form feed followed by "rac": keep the backslash, read the letters as text.
                repairs.insert(.latexEscapes)
                scratch.append(ASCII.backslash)
                return index + 1
            }
            scratch.append(Self.controlByte(for: letter))
            return index + 2
        case UInt8(ascii: "u"):
            return try decodeUnicodeEscape(at: index)
        default:
            return try keepInvalidEscape(at: index)
        }
    }

    private mutating func keepInvalidEscape(at index: Int) throws(SanitizerError) -> Int {
        guard isLenient else { throw .unexpectedByte(offset: index) }
        // `\(`, `\sqrt`, `\alpha`: not JSON escapes, almost always LaTeX. Keep the backslash as text.
        repairs.insert(.invalidEscapes)
        scratch.append(ASCII.backslash)
        return index + 1
    }

    private mutating func decodeUnicodeEscape(at index: Int) throws(SanitizerError) -> Int {
        guard let high = hexQuad(at: index + 2) else {
            if isCutOffHexQuad(at: index + 2) { throw .endOfInput(offset: bytes.count) }
            return try keepInvalidEscape(at: index)
        }
        var next = index + 6
        var scalar = high
        if (0xD800...0xDBFF).contains(high) {
            if next + 1 < bytes.count && bytes[next] == ASCII.backslash && bytes[next + 1] == UInt8(ascii: "u"),
                let low = hexQuad(at: next + 2), (0xDC00...0xDFFF).contains(low)
            {
                scalar = 0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)
                next += 6
            } else {
                scalar = 0xFFFD
            }
        } else if (0xDC00...0xDFFF).contains(high) {
            scalar = 0xFFFD
        }
        appendUTF8(Unicode.Scalar(scalar) ?? "\u{FFFD}")
        return next
    }

    private func hexQuad(at index: Int) -> UInt32? {
        guard index + 4 <= bytes.count else { return nil }
        var value: UInt32 = 0
        for offset in 0..<4 {
            guard let digit = ASCII.hexValue(bytes[index + offset]) else { return nil }
            value = value << 4 | digit
        }
        return value
    }

    /// Whether the input ends inside a `\uXXXX` escape (fewer than four hex digits, all valid so far).
    private func isCutOffHexQuad(at index: Int) -> Bool {
        guard index + 4 > bytes.count else { return false }
        return (index..<bytes.count).allSatisfy { ASCII.hexValue(bytes[$0]) != nil }
    }

    private mutating func appendUTF8(_ scalar: Unicode.Scalar) {
        UTF8.encode(scalar) { scratch.append($0) }
    }

    private static func controlByte(for letter: UInt8) -> UInt8 {
        switch letter {
        case UInt8(ascii: "b"): 0x08
        case UInt8(ascii: "f"): 0x0C
        case UInt8(ascii: "n"): 0x0A
        case UInt8(ascii: "r"): 0x0D
        default: 0x09
        }
    }
}
