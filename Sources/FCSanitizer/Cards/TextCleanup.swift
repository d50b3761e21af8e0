/// Whitespace trimming that does not copy a string that needs none.
enum TextCleanup {
    /// `text` without leading and trailing whitespace (Unicode White_Space, zero-width space, BOM).
    /// Whitespace inside is untouched, so multi-line explanations keep their lines.
    static func trimmed(_ text: String) -> String {
        let scalars = text.unicodeScalars
        guard let first = scalars.first, let last = scalars.last else { return text }
        if !isBlank(first) && !isBlank(last) { return text }
        var start = scalars.startIndex
        var end = scalars.endIndex
        while start < end && isBlank(scalars[start]) { start = scalars.index(after: start) }
        while end > start && isBlank(scalars[scalars.index(before: end)]) { end = scalars.index(before: end) }
        return String(scalars[start..<end])
    }

    static func isBlank(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.value < 0x80 { return scalar.value == 0x20 || (0x09...0x0D).contains(scalar.value) }
        return scalar.properties.isWhitespace || scalar.value == 0x200B || scalar.value == 0xFEFF
    }
}
