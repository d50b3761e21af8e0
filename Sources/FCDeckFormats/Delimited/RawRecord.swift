/// One field of a delimited line, decoded: its text and where it starts.
public struct RawField: Sendable, Hashable {
    public var text: String
    /// Where the field starts: right after the separator (blanks included), or at its opening quote.
    public var position: TextPosition
    public var isQuoted: Bool

    public init(text: String, position: TextPosition, isQuoted: Bool) {
        self.text = text
        self.position = position
        self.isQuoted = isQuoted
    }
}

/// One record (a line, or several when a quoted field holds newlines) of a delimited file.
public struct RawRecord: Sendable, Hashable {
    public var fields: [RawField]
    /// The line the record starts on.
    public var line: Int
    /// Where the record ends (its line break, or the end of the file).
    public var end: TextPosition
}
