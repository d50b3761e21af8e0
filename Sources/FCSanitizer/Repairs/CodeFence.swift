/// Takes the content out of Markdown code fences: ```` ``` ````, ```` ```json ````, ```` ```JSON ````, `~~~`, with
/// any info string, on their own lines or inline (```` ```json[…]``` ````).
///
/// A fence is a run of three or more backticks or tildes. It closes at the next run of at least as many of the same
/// character that starts a line or ends one, so three backticks inside a sentence of card text do not close it. A
/// fence that never closes (the reply was cut off) runs to the end of the text.
enum CodeFence {
    /// The fenced content of a reply.
    struct Extraction {
        /// The blocks' contents, joined by newlines.
        var content: [UInt8]
        var blockCount: Int
        /// Whether anything but whitespace stood outside the fences.
        var hasOutsideText: Bool
    }

    /// The content of every fenced block in `text`, or `nil` if it has none.
    static func extract(_ text: [UInt8]) -> Extraction? {
        text.withUnsafeBufferPointer { bytes in
            var content: [UInt8] = []
            var blockCount = 0
            var hasOutsideText = false
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                let run = fenceRun(in: bytes, at: index)
                guard run >= 3 else {
                    if !ASCII.isWhitespace(byte) { hasOutsideText = true }
                    index += 1
                    continue
                }
                let start = contentStart(in: bytes, after: index + run)
                let close = closingFence(in: bytes, from: start, character: byte, length: run)
                if blockCount > 0 { content.append(ASCII.newline) }
                content.append(
                    contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<(close?.lowerBound ?? bytes.count)]))
                blockCount += 1
                index = close?.upperBound ?? bytes.count
            }
            guard blockCount > 0 else { return nil }
            return Extraction(content: content, blockCount: blockCount, hasOutsideText: hasOutsideText)
        }
    }

    /// The length of the run of fence characters at `index` (0 if the byte is not one).
    private static func fenceRun(in bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Int {
        let byte = bytes[index]
        guard byte == UInt8(ascii: "`") || byte == UInt8(ascii: "~") else { return 0 }
        var end = index
        while end < bytes.count && bytes[end] == byte { end += 1 }
        return end - index
    }

    /// Skips the info string (`json`, `JSON`, `jsonc`, …) and the rest of the opening line.
    private static func contentStart(in bytes: UnsafeBufferPointer<UInt8>, after index: Int) -> Int {
        var cursor = index
        while cursor < bytes.count && (bytes[cursor] == 0x20 || bytes[cursor] == 0x09) { cursor += 1 }
        while cursor < bytes.count && isInfoByte(bytes[cursor]) { cursor += 1 }
        while cursor < bytes.count && (bytes[cursor] == 0x20 || bytes[cursor] == 0x09 || bytes[cursor] == 0x0D) {
            cursor += 1
        }
        if cursor < bytes.count && bytes[cursor] == ASCII.newline { cursor += 1 }
        return cursor
    }

    private static func isInfoByte(_ byte: UInt8) -> Bool {
        ASCII.isLetter(byte) || ASCII.isDigit(byte) || byte == ASCII.underscore || byte == ASCII.minus
            || byte == ASCII.plus || byte == ASCII.dot
    }

    private static func closingFence(
        in bytes: UnsafeBufferPointer<UInt8>,
        from start: Int,
        character: UInt8,
        length: Int
    ) -> Range<Int>? {
        var index = start
        while index < bytes.count {
            guard bytes[index] == character else {
                index += 1
                continue
            }
            let run = fenceRun(in: bytes, at: index)
            if run >= length && (startsLine(bytes, at: index) || endsLine(bytes, at: index + run)) {
                return index..<(index + run)
            }
            index += run
        }
        return nil
    }

    private static func startsLine(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
        var cursor = index - 1
        while cursor >= 0 && (bytes[cursor] == 0x20 || bytes[cursor] == 0x09) { cursor -= 1 }
        return cursor < 0 || bytes[cursor] == ASCII.newline
    }

    private static func endsLine(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
        var cursor = index
        while cursor < bytes.count && (bytes[cursor] == 0x20 || bytes[cursor] == 0x09 || bytes[cursor] == 0x0D) {
            cursor += 1
        }
        return cursor >= bytes.count || bytes[cursor] == ASCII.newline
    }
}
