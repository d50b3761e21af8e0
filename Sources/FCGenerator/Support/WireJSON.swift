import FCCore

/// JSON built to send on the wire (request bodies, structured-output schemas): objects keep their keys in the
/// order they were written.
///
/// Request bodies are built from these rather than with `JSONEncoder`, because `JSONEncoder` on Linux writes object
/// keys in hash order. Order matters here: structured-output engines (OpenAI's, llama.cpp's grammar, Gemini's
/// `propertyOrdering`) generate fields in schema order, and we want `question` written before `answer`. It also
/// makes request bodies byte-stable, so tests can compare them.
///
/// ```swift
/// let body: WireJSON = ["model": "gpt-4o-mini", "temperature": 0.2, "stream": false]
/// body.serialized() // {"model":"gpt-4o-mini","temperature":0.2,"stream":false}
/// ```
package enum WireJSON: Sendable, Equatable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case array([WireJSON])
    case object([Member])

    /// One key and value of an object, in written order.
    package struct Member: Sendable, Equatable {
        package var key: String
        package var value: WireJSON

        package init(_ key: String, _ value: WireJSON) {
            self.key = key
            self.value = value
        }
    }

    /// The compact JSON text of this value.
    package func serialized() -> String {
        var output = ""
        write(to: &output)
        return output
    }

    /// The UTF-8 bytes of ``serialized()``.
    package func data() -> [UInt8] { Array(serialized().utf8) }

    /// A copy of this object with `key` appended (or replaced in place). Non-objects are returned unchanged.
    package func setting(_ key: String, to value: WireJSON) -> WireJSON {
        guard case .object(var members) = self else { return self }
        if let index = members.firstIndex(where: { $0.key == key }) {
            members[index].value = value
        } else {
            members.append(Member(key, value))
        }
        return .object(members)
    }

    /// The value under `key` when this is an object.
    package subscript(key: String) -> WireJSON? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.key == key }?.value
    }

    private func write(to output: inout String) {
        switch self {
        case .null: output += "null"
        case .bool(let value): output += value ? "true" : "false"
        case .int(let value): output += String(value)
        case .double(let value):
            // JSON has no NaN or infinity; null is the conventional stand-in.
            output += value.isFinite ? String(value) : "null"
        case .string(let value): Self.writeString(value, to: &output)
        case .array(let values):
            output += "["
            for (index, value) in values.enumerated() {
                if index > 0 { output += "," }
                value.write(to: &output)
            }
            output += "]"
        case .object(let members):
            output += "{"
            for (index, member) in members.enumerated() {
                if index > 0 { output += "," }
                Self.writeString(member.key, to: &output)
                output += ":"
                member.value.write(to: &output)
            }
            output += "}"
        }
    }

    /// Escapes per RFC 8259 §7: quote, backslash and control characters; everything else goes out as UTF-8.
    private static func writeString(_ string: String, to output: inout String) {
        JSONString.quote(string, into: &output)
    }
}

extension WireJSON: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral,
    ExpressibleByBooleanLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral, ExpressibleByNilLiteral
{
    package init(stringLiteral value: String) { self = .string(value) }
    package init(integerLiteral value: Int) { self = .int(value) }
    package init(floatLiteral value: Double) { self = .double(value) }
    package init(booleanLiteral value: Bool) { self = .bool(value) }
    package init(arrayLiteral elements: WireJSON...) { self = .array(elements) }
    package init(nilLiteral: ()) { self = .null }
    /// Dictionary literals keep their written order, which is the point of this type.
    package init(dictionaryLiteral elements: (String, WireJSON)...) {
        self = .object(elements.map { Member($0.0, $0.1) })
    }
}
