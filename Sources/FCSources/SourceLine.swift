/// One line of decoded source text (or a piece of a very long line) with where it sits in the input.
///
/// Offsets count Unicode scalars from the start of the decoded input (a byte-order mark and `\r` count, as in
/// Python's `str`); `end` is where ``text`` ends, before any `\r\n`.
package struct SourceLine: Sendable, Hashable {
    /// The line without its line ending (and without a leading byte-order mark).
    package var text: String
    package var start: Int
    package var end: Int
    /// 1-based line number in the input.
    package var number: Int
    /// This piece continues the line of the piece before it (a line longer than the decoder's cap is cut in pieces).
    package var continued: Bool

    package init(text: String, start: Int, end: Int, number: Int, continued: Bool = false) {
        self.text = text
        self.start = start
        self.end = end
        self.number = number
        self.continued = continued
    }
}
