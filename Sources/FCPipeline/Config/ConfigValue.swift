import FCSanitizer

/// A setting's value as it was written in a config file or environment variable, so an error can say what it found
/// and not only that it failed.
///
/// Every setting is a scalar; arrays and objects are kept only as far as naming them in the error that refuses them.
enum ConfigValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array
    case object

    /// The value of one member of a config file, from the strict parser's tree.
    init(_ parsed: ParsedJSON) {
        switch parsed {
        case .null: self = .null
        case .bool(let value): self = .bool(value)
        // A strict JSON number always reads as a Double (a huge one as infinity, which every range refuses).
        case .number(let text): self = .number(Double(text) ?? .nan)
        case .string(let value): self = .string(value)
        case .array: self = .array
        case .object: self = .object
        }
    }

    /// A short rendering for error messages ("a string", "true", "12.5").
    var summary: String {
        switch self {
        case .null: "null"
        case .bool(let value): "\(value)"
        case .number(let value):
            value == value.rounded() && abs(value) < 1e15 ? "\(Int(value))" : "\(value)"
        case .string(let value): "\"\(value.count > 40 ? String(value.prefix(40)) + "…" : value)\""
        case .array: "an array"
        case .object: "an object"
        }
    }
}
