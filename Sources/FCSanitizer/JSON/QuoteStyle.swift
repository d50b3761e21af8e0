/// The quote characters a JSON string can be delimited with when the reader is lenient.
///
/// Models write typographic quotes (“ ” ‘ ’) or Python's `'` where JSON wants `"`. Those count as delimiters
/// only where a string starts (after `{`, `,`, `:` or `[`) and, for closing, only when a structural byte follows,
/// so the same characters inside string content stay content.
enum QuoteStyle {
    /// `"…"`
    case double
    /// `'…'` (Python reprs)
    case single
    /// `“…”`, also `”…”` and `„…“`
    case smartDouble
    /// `‘…’`
    case smartSingle

    /// The style of the quote that opens a string at `index`, and its length in bytes; `nil` if none opens there.
    static func opening(in bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> (style: QuoteStyle, length: Int)? {
        let byte = bytes[index]
        if byte == ASCII.quote { return (.double, 1) }
        if byte == ASCII.apostrophe { return (.single, 1) }
        guard byte == 0xE2, index + 2 < bytes.count, bytes[index + 1] == 0x80 else { return nil }
        switch bytes[index + 2] {
        case 0x9C, 0x9D, 0x9E: return (.smartDouble, 3)  // “ ” „
        case 0x98: return (.smartSingle, 3)  // ‘
        default: return nil
        }
    }

    /// The length in bytes of a quote at `index` that can close a string of this style; 0 if none can.
    @inline(__always)
    func closingLength(in bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Int {
        let byte = bytes[index]
        switch self {
        case .double:
            return byte == ASCII.quote ? 1 : 0
        case .single:
            if byte == ASCII.apostrophe { return 1 }
            return Self.isSmart(bytes, at: index, in: 0x98...0x99) ? 3 : 0
        case .smartDouble:
            if byte == ASCII.quote { return 1 }
            return Self.isSmart(bytes, at: index, in: 0x9C...0x9D) ? 3 : 0
        case .smartSingle:
            if byte == ASCII.apostrophe { return 1 }
            return Self.isSmart(bytes, at: index, in: 0x98...0x99) ? 3 : 0
        }
    }

    /// The repair that reading a string of this style counts as.
    var repair: Repair? {
        switch self {
        case .double: nil
        case .single: .singleQuotes
        case .smartDouble, .smartSingle: .smartQuotes
        }
    }

    @inline(__always)
    private static func isSmart(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int, in range: ClosedRange<UInt8>)
        -> Bool
    {
        bytes[index] == 0xE2 && index + 2 < bytes.count && bytes[index + 1] == 0x80 && range.contains(bytes[index + 2])
    }
}
