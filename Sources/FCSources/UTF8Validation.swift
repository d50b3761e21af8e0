/// Well-formed UTF-8 sequences, byte by byte (RFC 3629: no overlong forms, no surrogates, nothing past U+10FFFF).
enum UTF8Validation {
    /// The length of the well-formed sequence starting at `index`, or 0 when the byte there starts none.
    static func sequenceLength(_ bytes: ArraySlice<UInt8>, at index: Int) -> Int {
        let lead = bytes[index]
        let length: Int
        var low: UInt8 = 0x80
        var high: UInt8 = 0xBF
        switch lead {
        case 0x00...0x7F: return 1
        case 0xC2...0xDF: length = 2
        case 0xE0:
            length = 3
            low = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED:
            length = 3
            high = 0x9F
        case 0xF0:
            length = 4
            low = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4:
            length = 4
            high = 0x8F
        default: return 0
        }
        guard index + length <= bytes.endIndex else { return 0 }
        let second = bytes[index + 1]
        guard second >= low && second <= high else { return 0 }
        for offset in 2..<length where bytes[index + offset] & 0xC0 != 0x80 { return 0 }
        return length
    }
}
