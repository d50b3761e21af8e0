/// Why the JSON reader stopped. The sanitizer never throws to its callers; other modules see this only from
/// ``ParsedJSON/parseStrict(_:)``.
///
/// Offsets are byte offsets into the text being read. No reply text is included.
package enum SanitizerError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A byte that cannot continue the JSON at this point.
    case unexpectedByte(offset: Int)
    /// The input ended inside a value: the reply was probably truncated.
    case endOfInput(offset: Int)
    /// Containers nested deeper than the reader allows.
    case tooDeep(offset: Int)

    /// The byte offset where reading stopped.
    package var offset: Int {
        switch self {
        case .unexpectedByte(let offset), .endOfInput(let offset), .tooDeep(let offset): offset
        }
    }

    var isEndOfInput: Bool {
        if case .endOfInput = self { return true }
        return false
    }

    package var description: String {
        switch self {
        case .unexpectedByte(let offset): "unexpected byte at offset \(offset)"
        case .endOfInput(let offset): "input ended inside a JSON value at offset \(offset)"
        case .tooDeep(let offset): "JSON nested too deeply at offset \(offset)"
        }
    }
}
