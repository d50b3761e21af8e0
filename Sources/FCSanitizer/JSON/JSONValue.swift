/// A parsed JSON value, as much of it as the sanitizer needs.
///
/// Objects keep their members in order and keep duplicate keys: real model output repeats keys (see the
/// `b2_json_object_wrapped` sample), and the card reader, not the parser, decides which value wins.
/// `truncated` marks a container that the input ended inside of; only the lenient reader produces one.
enum JSONValue: Sendable {
    case string(String)
    /// The number's literal text: cards show numbers as written, so they are never converted.
    case number(String)
    case bool(Bool)
    case null
    case array([JSONValue], truncated: Bool)
    case object([JSONMember], truncated: Bool)

    /// Whether the input ended inside this container.
    var isTruncated: Bool {
        switch self {
        case .array(_, let truncated), .object(_, let truncated): truncated
        default: false
        }
    }
}

/// One `key: value` pair of a JSON object.
struct JSONMember: Sendable {
    var key: String
    var value: JSONValue
}
