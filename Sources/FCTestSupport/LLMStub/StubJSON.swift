/// A JSON value whose object keys keep the order they were written in, for the stub's replies.
///
/// Rendered as Python's `json.dumps` renders (`", "` and `": "` between items, or a two-space indent with `","`
/// line ends; every character outside printable ASCII as `\uXXXX`), so the replies keep the exact bytes, and thus the
/// lengths, that the tests' token figures were written against. Foundation's serialisation orders keys its own way
/// and spaces its pretty-printing differently.
enum StubJSON: Sendable, ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByArrayLiteral,
    ExpressibleByDictionaryLiteral
{
    case null
    case bool(Bool)
    case int(Int)
    case string(String)
    case array([StubJSON])
    /// Members in the order written.
    case object([(String, StubJSON)])

    init(stringLiteral value: String) { self = .string(value) }
    init(integerLiteral value: Int) { self = .int(value) }
    init(arrayLiteral elements: StubJSON...) { self = .array(elements) }
    init(dictionaryLiteral elements: (String, StubJSON)...) { self = .object(elements) }

    /// This object with `key` set to `value` (replaced where it is, or appended), as Python's `dict(base, key=…)`.
    func with(_ key: String, _ value: StubJSON) -> StubJSON {
        guard case .object(var members) = self else { return self }
        if let index = members.firstIndex(where: { $0.0 == key }) {
            members[index].1 = value
        } else {
            members.append((key, value))
        }
        return .object(members)
    }

    /// The text: compact (`json.dumps(value)`) or, with `indent`, one member per line (`json.dumps(value, indent=…)`).
    func text(indent: Int? = nil) -> String {
        var output = ""
        write(to: &output, indent: indent, depth: 0)
        return output
    }

    /// The text's UTF-8 bytes.
    func bytes(indent: Int? = nil) -> [UInt8] { Array(text(indent: indent).utf8) }

    private func write(to output: inout String, indent: Int?, depth: Int) {
        switch self {
        case .null: output += "null"
        case .bool(let value): output += value ? "true" : "false"
        case .int(let value): output += String(value)
        case .string(let value): Self.quote(value, into: &output)
        case .array(let elements):
            writeContainer(elements, open: "[", close: "]", into: &output, indent: indent, depth: depth) {
                element, output in element.write(to: &output, indent: indent, depth: depth + 1)
            }
        case .object(let members):
            writeContainer(members, open: "{", close: "}", into: &output, indent: indent, depth: depth) {
                member, output in
                Self.quote(member.0, into: &output)
                output += ": "
                member.1.write(to: &output, indent: indent, depth: depth + 1)
            }
        }
    }

    /// `open`, the items separated as `json.dumps` separates them, `close`; empty containers as `[]` and `{}`.
    private func writeContainer<Item>(
        _ items: [Item], open: String, close: String, into output: inout String, indent: Int?, depth: Int,
        writeItem: (Item, inout String) -> Void
    ) {
        output += open
        guard !items.isEmpty else {
            output += close
            return
        }
        let inner = indent.map { "\n" + String(repeating: " ", count: $0 * (depth + 1)) } ?? ""
        for (index, item) in items.enumerated() {
            if index > 0 { output += indent == nil ? ", " : "," }
            output += inner
            writeItem(item, &output)
        }
        if let indent { output += "\n" + String(repeating: " ", count: indent * depth) }
        output += close
    }

    /// `value` as a JSON string literal with Python's `ensure_ascii` escapes.
    private static func quote(_ value: String, into output: inout String) {
        output += "\""
        for unit in value.utf16 {
            switch unit {
            case 0x22: output += "\\\""
            case 0x5C: output += "\\\\"
            case 0x0A: output += "\\n"
            case 0x0D: output += "\\r"
            case 0x09: output += "\\t"
            case 0x08: output += "\\b"
            case 0x0C: output += "\\f"
            case 0x20..<0x7F: output.unicodeScalars.append(Unicode.Scalar(UInt8(unit)))
            default:
                let hex = String(unit, radix: 16)
                output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            }
        }
        output += "\""
    }
}
