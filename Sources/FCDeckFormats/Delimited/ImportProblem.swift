/// A place in a text file: 1-based line, and 1-based column counted in Unicode scalars (what editors show).
public struct TextPosition: Sendable, Hashable, Comparable, CustomStringConvertible {
    public var line: Int
    public var column: Int

    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    public var description: String { "\(line):\(column)" }

    public static func < (lhs: TextPosition, rhs: TextPosition) -> Bool {
        (lhs.line, lhs.column) < (rhs.line, rhs.column)
    }
}

/// Something wrong at one place in an import file, with what was expected there.
///
/// Messages never quote card text, only positions, column names and what the format allows.
public struct ImportProblem: Sendable, Hashable, CustomStringConvertible {
    public var position: TextPosition
    public var message: String
    /// Whether reading cannot go on after this problem (for example the file is UTF-16).
    public var isFatal: Bool

    public init(at position: TextPosition, _ message: String, isFatal: Bool = false) {
        self.position = position
        self.message = message
        self.isFatal = isFatal
    }

    public var description: String { "\(position): \(message)" }
}
