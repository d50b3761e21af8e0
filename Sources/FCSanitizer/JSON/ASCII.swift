/// Byte constants and classes for reading UTF-8 text without going through `Character`.
enum ASCII {
    static let quote = UInt8(ascii: "\"")
    static let apostrophe = UInt8(ascii: "'")
    static let backslash = UInt8(ascii: "\\")
    static let slash = UInt8(ascii: "/")
    static let star = UInt8(ascii: "*")
    static let comma = UInt8(ascii: ",")
    static let colon = UInt8(ascii: ":")
    static let openBrace = UInt8(ascii: "{")
    static let closeBrace = UInt8(ascii: "}")
    static let openBracket = UInt8(ascii: "[")
    static let closeBracket = UInt8(ascii: "]")
    static let newline = UInt8(ascii: "\n")
    static let dollar = UInt8(ascii: "$")
    static let minus = UInt8(ascii: "-")
    static let plus = UInt8(ascii: "+")
    static let dot = UInt8(ascii: ".")
    static let underscore = UInt8(ascii: "_")

    /// JSON's four whitespace bytes.
    @inline(__always)
    static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }

    @inline(__always)
    static func isDigit(_ byte: UInt8) -> Bool { byte &- 0x30 < 10 }

    @inline(__always)
    static func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) &- 0x61 < 26 }

    @inline(__always)
    static func lowercased(_ byte: UInt8) -> UInt8 { byte &- 0x41 < 26 ? byte | 0x20 : byte }

    /// Whether `byte` can continue an unquoted key such as `question` or `card_type`.
    @inline(__always)
    static func isIdentifier(_ byte: UInt8) -> Bool {
        isLetter(byte) || isDigit(byte) || byte == underscore || byte == dollar || byte == minus
    }

    @inline(__always)
    static func hexValue(_ byte: UInt8) -> UInt32? {
        if isDigit(byte) { return UInt32(byte &- 0x30) }
        let lower = byte | 0x20
        if lower &- 0x61 < 6 { return UInt32(lower &- 0x61 &+ 10) }
        return nil
    }
}
