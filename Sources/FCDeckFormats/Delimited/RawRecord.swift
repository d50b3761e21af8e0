/// One field of a delimited line, decoded: its text and where it starts.
public struct RawField: Sendable, Hashable {
    public var text: String
    /// Where the field starts: right after the separator (blanks included), or at its opening quote.
    public var position: TextPosition
    public var isQuoted: Bool
    /// The field's length in UTF-8 bytes, counted on past the tokenizer's cap.
    public var byteCount: Int

    /// Whether the field is longer than the tokenizer keeps: ``text`` is then empty and only ``byteCount`` tells
    /// its length.
    public var isOverflowing: Bool

    public init(text: String, position: TextPosition, isQuoted: Bool, overflowingByteCount: Int? = nil) {
        self.text = overflowingByteCount == nil ? text : ""
        self.position = position
        self.isQuoted = isQuoted
        self.byteCount = overflowingByteCount ?? text.utf8.count
        self.isOverflowing = overflowingByteCount != nil
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
