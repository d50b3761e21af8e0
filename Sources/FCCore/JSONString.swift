/// Writes text as a JSON string literal: the one escaper behind every JSON fcgen writes by hand (request bodies,
/// the CLI's documents, test corpora).
public enum JSONString {
    /// Appends `text` to `out` as a quoted JSON string, escaped per RFC 8259 §7: quote, backslash and U+0000–U+001F
    /// (the usual short forms for `\n \r \t \b \f`, `\u00XX` for the rest); everything else goes out as is.
    ///
    /// ```swift
    /// var out = ""
    /// JSONString.quote("a\"b", into: &out)  // "a\"b" with the quote escaped
    /// ```
    ///
    /// - Parameter escapingTerminalControls: Also escape DEL, the C1 controls and U+2028/U+2029, so a terminal
    ///   showing the document never meets a raw control character (valid JSON either way).
    public static func quote(_ text: String, into out: inout String, escapingTerminalControls: Bool = false) {
        out += "\""
        // Most text needs no escape at all (keys, names, words): appended whole, it skips the per-scalar loop that
        // was most of the cost of writing a learner's state on every review.
        let limit: UInt8 = escapingTerminalControls ? 0x7F : 0xFF
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < limit && $0 != 0x22 && $0 != 0x5C }) {
            out += text
            out += "\""
            return
        }
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{08}": out += "\\b"
            case "\u{0C}": out += "\\f"
            default:
                let value = scalar.value
                let isTerminalControl = (0x7F...0x9F).contains(value) || value == 0x2028 || value == 0x2029
                if value < 0x20 || (escapingTerminalControls && isTerminalControl) {
                    let hex = String(value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        out += "\""
    }

    /// `text` as a quoted JSON string (see ``quote(_:into:escapingTerminalControls:)``).
    public static func quoted(_ text: String) -> String {
        var out = ""
        quote(text, into: &out)
        return out
    }
}
