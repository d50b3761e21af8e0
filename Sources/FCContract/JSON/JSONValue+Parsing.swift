import FCSanitizer

extension JSONValue {
    /// Why a JSON text was refused.
    package enum ParseError: Error, Equatable {
        /// Not RFC 8259 JSON: the byte offset where reading stopped.
        case malformed(offset: Int)
        /// An object holds `key` twice; `path` names the object (`""` for the top level, `reviews[2]`).
        case duplicateKey(String, path: String)
        /// A number no `Double` can hold (`1e400`).
        case numberOutOfRange(String)
    }

    /// Parses a JSON text strictly, refusing a key written twice in any object.
    ///
    /// The sanitizer's exact reader does the reading (Foundation's `JSONSerialization` and `JSONDecoder` keep one
    /// of two equal keys without a word, and the two copies may differ: which one the client meant is unknown).
    /// A number without a fraction that fits `Int64` (`7`, `1.0`, `1e2`) is ``integer(_:)``, any other finite
    /// number ``number(_:)``, `true`/`false` are booleans (never numbers), and a top-level scalar is allowed.
    ///
    /// - Throws: ``ParseError``.
    package static func parse(_ bytes: [UInt8]) throws(ParseError) -> JSONValue {
        let parsed: ParsedJSON
        do {
            parsed = try ParsedJSON.parseExact(bytes)
        } catch {
            throw .malformed(offset: error.offset)
        }
        return try tree(from: parsed, path: "")
    }

    private static func tree(from parsed: ParsedJSON, path: String) throws(ParseError) -> JSONValue {
        switch parsed {
        case .string(let text): return .string(text)
        case .bool(let flag): return .bool(flag)
        case .null: return .null
        case .number(let literal): return try number(literal)
        case .array(let items, _):
            var values: [JSONValue] = []
            values.reserveCapacity(items.count)
            for (index, item) in items.enumerated() { values.append(try tree(from: item, path: "\(path)[\(index)]")) }
            return .array(values)
        case .object(let members, _):
            var values: [String: JSONValue] = [:]
            values.reserveCapacity(members.count)
            for member in members {
                let memberPath = path.isEmpty ? member.key : "\(path).\(member.key)"
                guard values[member.key] == nil else { throw .duplicateKey(member.key, path: path) }
                values[member.key] = try tree(from: member.value, path: memberPath)
            }
            return .object(values)
        }
    }

    /// A number literal as a value: integers exactly (`Int64` parses the digits, no arithmetic), anything else
    /// through `Double`, which must be finite. Digits alone that do not fit `Int64` stay a number: rounding
    /// `-9223372036854775809` to `Int64.min` would make it a different integer.
    private static func number(_ literal: String) throws(ParseError) -> JSONValue {
        if let exact = Int64(literal) { return .integer(exact) }
        guard let double = Double(literal), double.isFinite else { throw .numberOutOfRange(literal) }
        let digitsOnly = !literal.contains(where: { $0 == "." || $0 == "e" || $0 == "E" })
        if !digitsOnly, double == double.rounded(), let exact = Int64(exactly: double) { return .integer(exact) }
        return .number(double)
    }
}
