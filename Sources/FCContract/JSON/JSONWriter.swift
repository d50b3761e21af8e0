import FCCore

/// Writes a ``JSONValue`` as text: keys sorted (documents diff cleanly and are the same on every run), two-space
/// indentation, numbers with a fraction rounded to ``fractionDigits`` decimals, and strings escaped so that no
/// control character reaches a terminal that shows the document.
package struct JSONWriter: Sendable {
    /// The most decimals a number with a fraction keeps: `0.35000000000000003` is written `0.35`.
    package static let fractionDigits = 4

    /// Whether to indent (documents for people and `jq`) or write one line (log lines, JSON lines).
    package var pretty = true

    package init(pretty: Bool = true) {
        self.pretty = pretty
    }

    /// The text of `value`.
    package func write(_ value: JSONValue) -> String {
        var out = ""
        write(value, indent: 0, into: &out)
        return out
    }

    /// Writes `value` at nesting depth `indent`.
    func write(_ value: JSONValue, indent: Int, into out: inout String) {
        switch value {
        case .null: out += "null"
        case .bool(let flag): out += flag ? "true" : "false"
        case .integer(let number): out += String(number)
        case .number(let number): out += Self.format(number)
        case .string(let text): Self.quote(text, into: &out)
        case .array(let values):
            guard !values.isEmpty else {
                out += "[]"
                return
            }
            out += "["
            for (index, element) in values.enumerated() {
                out += index == 0 ? "" : ","
                newline(indent + 1, into: &out)
                write(element, indent: indent + 1, into: &out)
            }
            newline(indent, into: &out)
            out += "]"
        case .object(let members):
            guard !members.isEmpty else {
                out += "{}"
                return
            }
            out += "{"
            for (index, key) in members.keys.sorted().enumerated() {
                out += index == 0 ? "" : ","
                newline(indent + 1, into: &out)
                Self.quote(key, into: &out)
                out += pretty ? ": " : ":"
                write(members[key] ?? .null, indent: indent + 1, into: &out)
            }
            newline(indent, into: &out)
            out += "}"
        }
    }

    /// A line break and `indent` levels of indentation when pretty; nothing otherwise.
    func newline(_ indent: Int, into out: inout String) {
        guard pretty else { return }
        out += "\n" + String(repeating: "  ", count: indent)
    }

    /// `number` rounded to ``fractionDigits`` decimals, without a fraction when it has none (`2`, not `2.0`).
    package static func format(_ number: Double) -> String {
        guard number.isFinite else { return "null" }
        // Beyond 1e15 there are no decimals left to round (and scaling could overflow).
        guard abs(number) < 1e15 else { return "\(number)" }
        let scale = 10_000.0
        let rounded = (number * scale).rounded() / scale
        if rounded == rounded.rounded(.towardZero) { return String(Int64(rounded)) }
        // The shortest text that reads back as the rounded double: at most four decimals.
        return "\(rounded)"
    }

    /// `text` as a JSON string. Besides what JSON requires (`"`, `\`, U+0000–U+001F), DEL, the C1 controls and
    /// U+2028/U+2029 are escaped too: a terminal showing the document then never meets a raw control character.
    package static func quote(_ text: String, into out: inout String) {
        JSONString.quote(text, into: &out, escapingTerminalControls: true)
    }
}
