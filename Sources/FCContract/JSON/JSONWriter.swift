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
            writeArray(values, indent: indent, into: &out) { element, indent, out in
                write(element, indent: indent, into: &out)
            }
        case .object(let members):
            writeObject(Array(members), indent: indent, into: &out) { member, indent, out in
                write(member, indent: indent, into: &out)
            }
        }
    }

    /// Writes an array of `elements` at nesting depth `indent`, `writeElement` writing each at its depth: the one
    /// layout of arrays (``JSONTreeEncoder`` writes its nodes with it too). `[]` when empty.
    func writeArray<Element>(
        _ elements: some Collection<Element>, indent: Int, into out: inout String,
        _ writeElement: (Element, Int, inout String) -> Void
    ) {
        guard !elements.isEmpty else {
            out += "[]"
            return
        }
        out += "["
        var first = true
        for element in elements {
            if !first { out += "," }
            first = false
            newline(indent + 1, into: &out)
            writeElement(element, indent + 1, &out)
        }
        newline(indent, into: &out)
        out += "]"
    }

    /// Writes an object of `members` (each key once) at nesting depth `indent`, keys sorted, `writeValue` writing
    /// each value at its depth: the one layout of objects (``JSONTreeEncoder`` writes its nodes with it too). `{}`
    /// when empty.
    func writeObject<Value>(
        _ members: [(key: String, value: Value)], indent: Int, into out: inout String,
        _ writeValue: (Value, Int, inout String) -> Void
    ) {
        guard !members.isEmpty else {
            out += "{}"
            return
        }
        out += "{"
        for (index, member) in members.sorted(by: { $0.key < $1.key }).enumerated() {
            if index > 0 { out += "," }
            newline(indent + 1, into: &out)
            Self.quote(member.key, into: &out)
            out += pretty ? ": " : ":"
            writeValue(member.value, indent + 1, &out)
        }
        newline(indent, into: &out)
        out += "}"
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
