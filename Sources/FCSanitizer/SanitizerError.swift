/// Why the JSON reader stopped; internal to the sanitizer, which never throws to its callers.
///
/// Offsets are byte offsets into the text being read. No reply text is included (STYLE.md §11).
enum SanitizerError: Error, Sendable, CustomStringConvertible {
    /// A byte that cannot continue the JSON at this point.
    case unexpectedByte(offset: Int)
    /// The input ended inside a value: the reply was probably truncated.
    case endOfInput(offset: Int)
    /// Containers nested deeper than the reader allows.
    case tooDeep(offset: Int)

    var offset: Int {
        switch self {
        case .unexpectedByte(let offset), .endOfInput(let offset), .tooDeep(let offset): offset
        }
    }

    var isEndOfInput: Bool {
        if case .endOfInput = self { return true }
        return false
    }

    var description: String {
        switch self {
        case .unexpectedByte(let offset): "unexpected byte at offset \(offset)"
        case .endOfInput(let offset): "input ended inside a JSON value at offset \(offset)"
        case .tooDeep(let offset): "JSON nested too deeply at offset \(offset)"
        }
    }
}
