/// Turns the bytes of a text input, fed in chunks of any size, into ``SourceLine``s: UTF-8 checked, NUL bytes
/// refused, memory bounded by the longest line piece (``maxLineBytes``) however large the input.
///
/// A few invalid UTF-8 sequences (up to ``invalidTolerance``, for a stray Latin-1 byte in an otherwise good file)
/// are replaced by U+FFFD and counted in ``replacedSequences``; more make the input binary.
///
/// ```swift
/// var decoder = LineDecoder()
/// var lines = try decoder.feed(Array("one\ntwo".utf8))
/// lines += try decoder.finish()   // "one", "two"
/// ```
package struct LineDecoder: Sendable {
    /// Longer lines are cut at a space (or at a character boundary) into pieces of at most this many bytes.
    package let maxLineBytes: Int
    /// Invalid UTF-8 sequences tolerated in the whole input.
    package let invalidTolerance: Int
    /// Invalid sequences replaced so far.
    package private(set) var replacedSequences = 0
    private var firstInvalidOffset: Int?
    private var pending: [UInt8] = []
    /// Byte offset of `pending[0]` in the input.
    private var pendingOffset = 0
    private var byteOffset = 0
    private var scalarOffset = 0
    private var lineNumber = 1
    private var continuing = false

    package init(maxLineBytes: Int = 16_384, invalidTolerance: Int = 8) {
        self.maxLineBytes = max(16, maxLineBytes)
        self.invalidTolerance = max(0, invalidTolerance)
    }

    /// The lines completed by `chunk`.
    /// - Throws: ``SourceError``.
    package mutating func feed(_ chunk: some Collection<UInt8>) throws(SourceError) -> [SourceLine] {
        var lines: [SourceLine] = []
        for byte in chunk {
            if byte == 0 { throw SourceError.nulByte(offset: byteOffset) }
            byteOffset += 1
            if byte == 0x0A {
                try emit(pending[...], newline: true, into: &lines)
                pending.removeAll(keepingCapacity: true)
                pendingOffset = byteOffset
                continue
            }
            pending.append(byte)
            if pending.count >= maxLineBytes { try cutLongLine(into: &lines) }
        }
        return lines
    }

    /// The last line, when the input does not end with a line feed.
    package mutating func finish() throws(SourceError) -> [SourceLine] {
        var lines: [SourceLine] = []
        if !pending.isEmpty { try emit(pending[...], newline: false, into: &lines) }
        pending.removeAll()
        return lines
    }

    /// Emits the front of an overlong line, up to its last space (or last character boundary).
    private mutating func cutLongLine(into lines: inout [SourceLine]) throws(SourceError) {
        var cut = pending.count
        if let space = pending.lastIndex(of: 0x20), space > pending.count / 2 {
            cut = space + 1
        } else {
            // Never inside a multi-byte character: the rest must not start with a continuation byte.
            cut = pending.count - 4
            while cut > 0, pending[cut] & 0xC0 == 0x80 { cut -= 1 }
            if cut == 0 { cut = pending.count }
        }
        try emit(pending[..<cut], newline: false, into: &lines)
        pending.removeFirst(cut)
        pendingOffset += cut
    }

    private mutating func emit(_ bytes: ArraySlice<UInt8>, newline: Bool, into lines: inout [SourceLine])
        throws(SourceError)
    {
        var body = bytes
        var trailingCR = false
        if newline, body.last == 0x0D {
            body = body.dropLast()
            trailingCR = true
        }
        var text = try decode(body)
        var start = scalarOffset
        var scalars = text.unicodeScalars.count
        if start == 0, text.unicodeScalars.first == "\u{FEFF}" {
            // The byte-order mark counts as a scalar but is no part of the text.
            text.unicodeScalars.removeFirst()
            start = 1
            scalars -= 1
        }
        lines.append(
            SourceLine(text: text, start: start, end: start + scalars, number: lineNumber, continued: continuing))
        scalarOffset = start + scalars + (trailingCR ? 1 : 0) + (newline ? 1 : 0)
        if newline {
            lineNumber += 1
            continuing = false
        } else {
            continuing = true
        }
    }

    /// The bytes as a string; invalid sequences become U+FFFD while within the tolerance.
    private mutating func decode(_ bytes: ArraySlice<UInt8>) throws(SourceError) -> String {
        if let text = String(validating: bytes, as: UTF8.self) { return text }
        var scalars = String.UnicodeScalarView()
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let length = UTF8Validation.sequenceLength(bytes, at: index)
            if length == 0 {
                let offset = pendingOffset + (index - bytes.startIndex)
                if firstInvalidOffset == nil { firstInvalidOffset = offset }
                replacedSequences += 1
                if replacedSequences > invalidTolerance {
                    throw SourceError.notUTF8(offset: firstInvalidOffset ?? offset, count: replacedSequences)
                }
                scalars.append("\u{FFFD}")
                index += 1
                continue
            }
            let piece = String(decoding: bytes[index..<index + length], as: UTF8.self)
            scalars.append(contentsOf: piece.unicodeScalars)
            index += length
        }
        return String(scalars)
    }
}
