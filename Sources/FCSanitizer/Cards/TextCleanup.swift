/// Whitespace trimming that does not copy a string that needs none.
enum TextCleanup {
    /// `text` without U+0000 anywhere (a model's `\u0000` escape; the store refuses it, since PostgreSQL cannot hold
    /// it) and without leading and trailing whitespace (Unicode White_Space, zero-width space, BOM).
    /// Whitespace inside is untouched, so multi-line explanations keep their lines.
    static func trimmed(_ text: String) -> String {
        let text = hasNUL(text) ? withoutNUL(text) : text
        let scalars = text.unicodeScalars
        guard let first = scalars.first, let last = scalars.last else { return text }
        if !isBlank(first) && !isBlank(last) { return text }
        var start = scalars.startIndex
        var end = scalars.endIndex
        while start < end && isBlank(scalars[start]) { start = scalars.index(after: start) }
        while end > start && isBlank(scalars[scalars.index(before: end)]) { end = scalars.index(before: end) }
        return String(scalars[start..<end])
    }

    /// Whether `text` holds U+0000, read eight bytes at a time.
    private static func hasNUL(_ text: String) -> Bool {
        text.utf8.withContiguousStorageIfAvailable { bytes in
            var index = 0
            if let base = bytes.baseAddress {
                let raw = UnsafeRawPointer(base)
                let ones: UInt64 = 0x0101_0101_0101_0101
                let highs: UInt64 = 0x8080_8080_8080_8080
                while index + 8 <= bytes.count {
                    let word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
                    if (word &- ones) & ~word & highs != 0 { return true }  // a zero byte in the word
                    index += 8
                }
            }
            while index < bytes.count {
                if bytes[index] == 0 { return true }
                index += 1
            }
            return false
        } ?? text.utf8.contains(0)
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
