/// The words of a card field as the quality rules read them: runs of letters and digits, lowercased; everything
/// else (spaces, punctuation, symbols, typographic quotes and dashes) separates words.
///
/// Tokenised byte by byte without Foundation: ASCII is lowercased by table, and the few non-ASCII separators
/// models write (’ “ ” – — … « » and the no-break space) are recognised by their UTF-8 bytes. Other non-ASCII
/// letters are kept as they are; uppercase ones are lowercased per word, which is rare.
struct QualityWords {
    let words: [String]

    init(_ text: String) {
        var text = text
        words = text.withUTF8 { Self.tokenize($0) }
    }

    private static func tokenize(_ utf8: UnsafeBufferPointer<UInt8>) -> [String] {
        var words: [String] = []
        var start = 0
        var index = 0
        var hasUppercase = false
        var hasNonASCII = false
        func flush(upTo end: Int) {
            if end > start {
                let slice = UnsafeBufferPointer(rebasing: utf8[start..<end])
                var word = String(decoding: slice, as: UTF8.self)
                if hasUppercase || hasNonASCII { word = hasNonASCII ? word.lowercased() : asciiLowercased(slice) }
                words.append(word)
            }
            hasUppercase = false
            hasNonASCII = false
        }
        while index < utf8.count {
            let byte = utf8[index]
            if byte < 0x80 {
                if isWordByte[Int(byte)] {
                    if byte >= 0x41 && byte <= 0x5A { hasUppercase = true }
                    index += 1
                } else if isSymbolByte[Int(byte)] {
                    // A maths symbol is a word of its own, so "2+2" and "2×2" stay different questions.
                    flush(upTo: index)
                    words.append(String(UnicodeScalar(byte)))
                    index += 1
                    start = index
                } else {
                    flush(upTo: index)
                    index += 1
                    start = index
                }
                continue
            }
            let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : 2
            let end = min(index + length, utf8.count)
            let second = index + 1 < utf8.count ? utf8[index + 1] : 0
            if isSeparator(byte, second) {
                flush(upTo: index)
                start = end
            } else {
                hasNonASCII = true
            }
            index = end
        }
        flush(upTo: utf8.count)
        return words
    }

    private static func asciiLowercased(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        String(decoding: bytes.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }, as: UTF8.self)
    }

    var count: Int { words.count }
    var first: String? { words.first }

    /// Whether any word is in `set`.
    func containsAny(of set: Set<String>) -> Bool {
        words.contains { set.contains($0) }
    }

    /// The words that carry content: not stop words, with a plural `s` folded away ("emperors" → "emperor"),
    /// so two phrasings of one question share their words.
    func contentWords(stopWords: Set<String>) -> [String] {
        words.compactMap { word in
            if stopWords.contains(word) { return nil }
            if word.utf8.count > 3, word.hasSuffix("s"), !word.hasSuffix("ss") { return String(word.dropLast()) }
            return word
        }
    }

    // MARK: Tables

    /// `+ = < > ^ * / % | ~ &`.
    private static let isSymbolByte: [Bool] = (0..<128).map { byte in
        Array("+=<>^*/%|~&".utf8).contains(UInt8(byte))
    }

    /// ASCII letters and digits.
    private static let isWordByte: [Bool] = (0..<128).map { byte in
        (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
    }

    /// ’ ‘ “ ” – — … (E2 80 xx), « » no-break space ¿ ¡ ° · (C2 xx), from a sequence's first two bytes.
    private static func isSeparator(_ first: UInt8, _ second: UInt8) -> Bool {
        if first == 0xE2 && second == 0x80 { return true }  // U+2000–U+203F: spaces, dashes, quotes, ellipsis
        if first == 0xC2 {
            switch second {
            case 0xA0, 0xAB, 0xBB, 0xBF, 0xA1, 0xB0, 0xB7: return true
            default: return false
            }
        }
        return false
    }
}
