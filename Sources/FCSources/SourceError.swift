/// Why a source cannot be read as text. Offsets are in bytes from the start of the input.
package enum SourceError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A NUL byte: the input is binary, not text.
    case nulByte(offset: Int)
    /// More invalid UTF-8 sequences than the tolerance allows; `offset` is the first one.
    case notUTF8(offset: Int, count: Int)

    package var description: String {
        switch self {
        case .nulByte(let offset):
            "is binary, not text: a NUL byte at byte offset \(offset)"
        case .notUTF8(let offset, let count):
            "is not UTF-8 text: \(count) invalid byte sequence(s), the first at byte offset \(offset)"
        }
    }
}
