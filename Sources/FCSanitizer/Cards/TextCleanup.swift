/// Whitespace trimming that does not copy a string that needs none.
enum TextCleanup {
    /// `text` without U+0000 anywhere (a model's `\u0000` escape; the store refuses it, since PostgreSQL cannot hold
    /// it) and without leading and trailing whitespace (Unicode White_Space, zero-width space, BOM).
    /// Whitespace inside is untouched, so multi-line explanations keep their lines.
    static func trimmed(_ text: String) -> String {
        let text = text.utf8.contains(0) ? withoutNUL(text) : text
        let scalars = text.unicodeScalars
        guard let first = scalars.first, let last = scalars.last else { return text }
        if !isBlank(first) && !isBlank(last) { return text }
        var start = scalars.startIndex
        var end = scalars.endIndex
        while start < end && isBlank(scalars[start]) { start = scalars.index(after: start) }
        while end > start && isBlank(scalars[scalars.index(before: end)]) { end = scalars.index(before: end) }
        return String(scalars[start..<end])
    }

    private static func withoutNUL(_ text: String) -> String {
        var scalars = String.UnicodeScalarView()
        scalars.append(contentsOf: text.unicodeScalars.lazy.filter { $0.value != 0 })
        return String(scalars)
    }

    static func isBlank(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.value < 0x80 { return scalar.value == 0x20 || (0x09...0x0D).contains(scalar.value) }
        return scalar.properties.isWhitespace || scalar.value == 0x200B || scalar.value == 0xFEFF
    }
}
