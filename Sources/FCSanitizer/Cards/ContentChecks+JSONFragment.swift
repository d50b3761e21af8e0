/// The check that a card's text is no piece of the reply's JSON: a model that loses track of the reply's shape
/// writes `What is X?", "answer": "Y` into one field, or leaves a `{` or `}` of an object in it.
extension ContentChecks {
    /// Whether `text` carries JSON structure of the reply: a card field's key followed by a colon (`"answer":`,
    /// `'question' :`, `explanation":`; the keys ``FieldAliases`` knows, of three or more letters, and `cards`), or a
    /// curly brace without its partner (`}` before any `{`, or a `{` never closed). Balanced braces pass: a cloze
    /// deletion `{{c1::Rome}}`, a set `{1, 2}`, a dictionary `{"name": "Ada"}`, LaTeX `\frac{1}{2}`.
    static func isJSONFragment(_ text: String) -> Bool {
        withBytes(text) { bytes in
            var depth = 0
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                if byte == ASCII.openBrace {
                    depth += 1
                } else if byte == ASCII.closeBrace {
                    if depth == 0 { return true }
                    depth -= 1
                } else if byte == ASCII.quote || byte == ASCII.apostrophe, isFieldKey(bytes, closingQuoteAt: index) {
                    return true
                }
                index += 1
            }
            return depth != 0
        }
    }

    /// Whether the quote at `quote` closes a card field's name that a colon follows: `"answer":`, `answer" :`.
    /// Read backwards from the closing quote, so an opening quote lost to the model's slip does not matter.
    private static func isFieldKey(_ bytes: UnsafeBufferPointer<UInt8>, closingQuoteAt quote: Int) -> Bool {
        var after = quote + 1
        while after < bytes.count, bytes[after] == 0x20 { after += 1 }
        guard after < bytes.count, bytes[after] == ASCII.colon else { return false }
        var start = quote
        while start > 0, quote - start < maxKeyLength,
            ASCII.isLetter(bytes[start - 1]) || bytes[start - 1] == ASCII.underscore || bytes[start - 1] == ASCII.minus
        {
            start -= 1
        }
        guard quote - start >= 3, quote - start < maxKeyLength else { return false }
        let key = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<quote]), as: UTF8.self)
        return FieldAliases.role(for: key) != .other || FieldAliases.normalized(key) == "cards"
    }

    /// The longest key looked up (`incorrect_answers`, `correct_answer_index`).
    private static let maxKeyLength = 24
}
