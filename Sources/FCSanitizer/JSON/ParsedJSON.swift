/// The parse tree of the sanitizer's byte-level JSON reader (``JSONParser``): JSON exactly as written, not as a
/// dictionary would remember it.
///
/// Objects keep their members in order and keep duplicate keys: real model output repeats keys (see the
/// `b2_json_object_wrapped` sample), and the card reader, not the parser, decides which value wins. The config
/// loader reads its file through ``parseStrict(_:)`` for the same reason: to refuse a setting written twice, which
/// Foundation's decoder would silently let one copy win.
/// `truncated` marks a container that the input ended inside of; only the lenient reader produces one.
package enum ParsedJSON: Sendable {
    case string(String)
    /// The number's literal text: cards show numbers as written, so they are never converted.
    case number(String)
    case bool(Bool)
    case null
    case array([ParsedJSON], truncated: Bool)
    case object([Member], truncated: Bool)

    /// One `key: value` pair of a JSON object.
    package struct Member: Sendable {
        package var key: String
        package var value: ParsedJSON
        /// The byte offset of the key in the input, so an error can name its line.
        package var keyOffset: Int
    }

    /// Whether the input ended inside this container.
    package var isTruncated: Bool {
        switch self {
        case .array(_, let truncated), .object(_, let truncated): truncated
        default: false
        }
    }

    /// Reads `bytes` as one strict RFC 8259 document (an optional byte order mark, one value, whitespace).
    ///
    /// The one liberty is the sanitizer's LaTeX rule (see ``LatexCommands``): `"\frac"` keeps its backslash
    /// instead of becoming a form feed and `rac`.
    ///
    /// ```swift
    /// let tree = try ParsedJSON.parseStrict(Array(#"{"a": 1, "a": 2}"#.utf8))
    /// // .object([a: 1 at offset 1, a: 2 at offset 9], truncated: false)
    /// ```
    /// - Throws: ``SanitizerError`` with the byte offset where reading stopped (never any of the input's text).
    package static func parseStrict(_ bytes: [UInt8]) throws(SanitizerError) -> ParsedJSON {
        try bytes.withUnsafeBufferPointer { buffer throws(SanitizerError) in
            var parser = JSONParser(bytes: buffer, mode: .strict)
            return try parser.parseDocument()
        }
    }

    /// Reads `bytes` as one RFC 8259 document to the letter: ``parseStrict(_:)`` without the LaTeX rule, for
    /// request bodies (a client that means `\\frac` escapes its backslash). Members keep their order and
    /// repeats, so a caller can refuse a key written twice.
    ///
    /// - Throws: ``SanitizerError`` with the byte offset where reading stopped.
    package static func parseExact(_ bytes: [UInt8]) throws(SanitizerError) -> ParsedJSON {
        try bytes.withUnsafeBufferPointer { buffer throws(SanitizerError) in
            var parser = JSONParser(bytes: buffer, mode: .exact)
            return try parser.parseDocument()
        }
    }
}
