/// Whether a string's decoded text so far leaves a math span open: `$…$`, `$$…$$`, `\(…\)` or `\[…\]`.
///
/// Used by ``LatexCommands`` to read `\t`, `\n`, … inside math as LaTeX. It scans only what was appended since
/// the last question, so a long string with many escapes is still read in linear time. A `$` opens math only when
/// a non-blank, non-digit follows it, so prices ("$5") do not count.
struct MathSpan {
    private var scanned = 0
    private var inDollars = false
    private var inDelimiters = false

    /// Starts over for a new string.
    mutating func reset() {
        self = MathSpan()
    }

    /// Whether math is open at the end of `text`, which must extend the text of the previous call.
    mutating func isOpen(after text: [UInt8]) -> Bool {
        var index = scanned
        while index < text.count {
            let byte = text[index]
            if byte == ASCII.dollar {
                guard index + 1 < text.count else { break }  // what follows decides; look again next time
                let next = text[index + 1]
                if next == ASCII.dollar {
                    inDollars.toggle()  // `$$` is one delimiter
                    index += 2
                    continue
                }
                if inDollars || (!ASCII.isWhitespace(next) && !ASCII.isDigit(next)) { inDollars.toggle() }
                index += 1
                continue
            }
            if byte == ASCII.backslash {
                guard index + 1 < text.count else { break }
                switch text[index + 1] {
                case UInt8(ascii: "("), UInt8(ascii: "["): inDelimiters = true
                case UInt8(ascii: ")"), UInt8(ascii: "]"): inDelimiters = false
                default: break
                }
                index += 2
                continue
            }
            index += 1
        }
        scanned = index
        // A `$` right before the escape being decoded opens math (or closes it, if it was open).
        let pendingDollar = index < text.count && text[index] == ASCII.dollar
        return (pendingDollar ? !inDollars : inDollars) || inDelimiters
    }
}
