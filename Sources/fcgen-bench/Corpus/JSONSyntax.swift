/// A small JSON-ish writer: real JSON by default, or the near-JSON models write (other string delimiters, trailing
/// commas, unescaped LaTeX backslashes), for building sanitizer corpora.
struct JSONSyntax {
    enum Value {
        /// Escaped and put between the delimiters.
        case string(String)
        /// Written as is, unquoted: numbers, `None`, `True`.
        case literal(String)
        /// Already rendered JSON (a nested object or array).
        case raw(String)
    }

    var pretty: Bool
    var trailingCommas = false
    /// String delimiters: `"` for JSON, `“ ”` or `'` for the repairs.
    var open = "\""
    var close = "\""
    /// `false` writes a backslash as one backslash, as models do inside LaTeX (`\frac` instead of `\\frac`).
    var escapesLaTeX = true

    func object(_ members: [(String, Value)], depth: Int) -> String {
        let parts = members.map { key, value in quoted(key) + (pretty ? ": " : ":") + rendered(value) }
        return container("{", "}", parts, depth: depth)
    }

    func array(_ elements: [String], depth: Int) -> String {
        container("[", "]", elements, depth: depth)
    }

    private func container(_ start: String, _ end: String, _ parts: [String], depth: Int) -> String {
        let tail = trailingCommas ? "," : ""
        guard pretty else { return start + parts.joined(separator: ",") + tail + end }
        let indent = String(repeating: "  ", count: depth + 1)
        let closing = String(repeating: "  ", count: depth)
        return start + "\n" + parts.map { indent + $0 }.joined(separator: ",\n") + tail + "\n" + closing + end
    }

    private func rendered(_ value: Value) -> String {
        switch value {
        case .string(let text): quoted(text)
        case .literal(let text), .raw(let text): text
        }
    }

    private func quoted(_ text: String) -> String {
        var result = open
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"" where open == "\"": result += "\\\""
            case "'" where open == "'": result += "\\'"
            case "\\": result += escapesLaTeX ? "\\\\" : "\\"
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            case let control where control.value < 0x20: result += "\\u00" + hex(control.value)
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + close
    }

    private func hex(_ value: UInt32) -> String {
        let digits = Array("0123456789abcdef")
        return String([digits[Int(value >> 4)], digits[Int(value & 0xF)]])
    }
}
