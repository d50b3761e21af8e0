/// Checks bytes one at a time against the UTF-8 rules (Unicode 15 table 3-7: no overlongs, surrogates or values
/// above U+10FFFF), so a bad byte is reported where it is, without holding the text.
struct UTF8Validator: Sendable {
    /// Continuation bytes still expected, the allowed range of the next one, and where the scalar began.
    private var needed = 0
    private var low: UInt8 = 0x80
    private var high: UInt8 = 0xBF
    private(set) var scalarStart = TextPosition(line: 1, column: 1)

    /// Whether the input stopped inside a scalar.
    var isInsideScalar: Bool { needed > 0 }

    /// Checks `byte` found at `position`; returns where the invalid sequence starts, or `nil` when all is well.
    mutating func check(_ byte: UInt8, at position: TextPosition) -> TextPosition? {
        if needed > 0 {
            guard byte >= low && byte <= high else {
                reset()
                return scalarStart
            }
            needed -= 1
            low = 0x80
            high = 0xBF
            return nil
        }
        switch byte {
        case 0x00...0x7F: return nil
        case 0xC2...0xDF: needed = 1
        case 0xE0: (needed, low) = (2, 0xA0)
        case 0xE1...0xEC, 0xEE...0xEF: needed = 2
        case 0xED: (needed, high) = (2, 0x9F)
        case 0xF0: (needed, low) = (3, 0x90)
        case 0xF1...0xF3: needed = 3
        case 0xF4: (needed, high) = (3, 0x8F)
        default: return position
        }
        scalarStart = position
        return nil
    }

    /// Forgets a scalar cut off by the end of the input (after reporting it).
    mutating func reset() {
        needed = 0
        low = 0x80
        high = 0xBF
    }
}
