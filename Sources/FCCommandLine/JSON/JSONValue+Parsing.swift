import Foundation

extension JSONValue {
    /// Parses a JSON text with Foundation's `JSONSerialization` and converts what it gives into a tree.
    ///
    /// The same tree `JSONDecoder().decode(JSONValue.self, …)` gives: a number without a fraction that fits `Int64`
    /// (`7`, `1.0`, `1e2`) is ``integer(_:)``, any other number ``number(_:)``, `true`/`false` are booleans (never
    /// numbers), and a top-level scalar is allowed. That decoder finds a value's type by trying each type in turn,
    /// and every failed try builds an error: the service parses every request body, and those errors were half of
    /// reading one. (`JSONValueParsingTests` holds the two paths side by side.)
    ///
    /// - Throws: Foundation's error when `bytes` is not well-formed JSON or holds a number no `Double` can hold.
    package static func parse(_ bytes: [UInt8]) throws -> JSONValue {
        try tree(from: JSONSerialization.jsonObject(with: Data(bytes), options: .fragmentsAllowed))
    }

    private static func tree(from object: Any) throws -> JSONValue {
        // Swift's containers first: asking whether a dictionary or an array is an `NSNull` or an `NSNumber` bridges
        // it to an `NSDictionary`/`NSArray` first, which was most of a request body's parse.
        switch object {
        case let text as String: return .string(text)
        case let members as [String: Any]: return .object(try members.mapValues(tree(from:)))
        case let array as [Any]: return .array(try array.map(tree(from:)))
        case let number as NSNumber: return value(of: number)
        case is NSNull: return .null
        default:
            throw DecodingError.dataCorrupted(
                DecodingError.Context(codingPath: [], debugDescription: "unexpected JSON value \(type(of: object))"))
        }
    }

    private static func value(of number: NSNumber) -> JSONValue {
        switch String(cString: number.objCType) {
        // JSONSerialization gives `true` and `false` as its boolean NSNumber, whose type is C's `char`.
        case "c", "B": return .bool(number.boolValue)
        case "d", "f":
            let double = number.doubleValue
            if double == double.rounded(), let exact = Int64(exactly: double) { return .integer(exact) }
            return .number(double)
        case "Q":
            if let exact = Int64(exactly: number.uint64Value) { return .integer(exact) }
            return .number(number.doubleValue)
        default: return .integer(number.int64Value)
        }
    }
}
