/// The words of a card field as the quality rules read them, hashed: runs of letters and digits, lowercased.
/// ASCII maths symbols (`+ = < > ^ * / %`) are words of their own; everything else (spaces, punctuation,
/// typographic quotes and dashes) separates words.
///
/// Every card goes through this, so it allocates nothing per word: each word is an FNV-1a hash of its lowercased
/// bytes, and the rule tables are hashed the same way once (see `QualityChecker`). The few non-ASCII separators
/// models write (’ “ ” – — … « » and the no-break space) are recognised by their UTF-8 bytes; a word with
/// other non-ASCII letters is lowercased through `String` first, which is rare. With 64-bit hashes a collision
/// between two words of one card or table is negligible.
struct QualityWords {
    /// One word of a field.
    struct Word {
        /// The word's hash.
        var hash: Int
        /// The hash with a plural `s` folded away ("emperors" → "emperor"), for content comparisons.
        var folded: Int
        /// Its length in bytes.
        var length: Int
        var hasLetter: Bool
        /// Only digits: a number.
        var isNumber: Bool
    }

    let words: [Word]

    init(_ text: String) {
        var text = text
        words = text.withUTF8 { Self.tokenize($0) }
    }

    var count: Int { words.count }
    var first: Int? { words.first?.hash }

    /// Whether any word is in `set`.
    func containsAny(of set: WordHashSet) -> Bool {
        words.contains { set.contains($0.hash) }
    }

    /// The folded hashes of the words that carry content (not stop words), so two phrasings of one question
    /// share their words.
    func contentWords(stopWords: WordHashSet) -> [Int] {
        words.compactMap { stopWords.contains($0.hash) ? nil : $0.folded }
    }

    /// The hashes of the numbers in the field, in order ("3 - 2" and "2 - 3" differ).
    var numbers: [Int] {
        words.filter(\.isNumber).map(\.hash)
    }

    /// The hash of each word of `text`, for building tables.
    static func hashes(_ text: String) -> [Int] { QualityWords(text).words.map(\.hash) }

    // MARK: Tokenising

    private static var offsetBasis: UInt64 { 0xcbf2_9ce4_8422_2325 }
    private static var prime: UInt64 { 0x100_0000_01b3 }

    private static func tokenize(_ utf8: UnsafeBufferPointer<UInt8>) -> [Word] {
        // Local copies: a static table read in the loop would pay a lazy-initialisation check per byte.
        let isWordByte = Self.isWordByte
        let isSymbolByte = Self.isSymbolByte
        var words: [Word] = []
        // Room for words of two letters and a space on average, so short-worded fields do not grow the array.
        words.reserveCapacity(utf8.count / 3 + 2)
        var start = 0
        var index = 0
        var hash = offsetBasis
        var beforeLast = offsetBasis
        var previousByte: UInt8 = 0
        var lastByte: UInt8 = 0
        var hasLetter = false
        var hasNonASCII = false
        func flush(upTo end: Int) {
            defer {
                hash = offsetBasis
                beforeLast = offsetBasis
                hasLetter = false
                hasNonASCII = false
                previousByte = 0
                lastByte = 0
            }
            guard end > start else { return }
            if hasNonASCII {
                let lowered = String(decoding: UnsafeBufferPointer(rebasing: utf8[start..<end]), as: UTF8.self)
                    .lowercased()
                words.append(word(Array(lowered.utf8), hasLetter: true))
                return
            }
            let length = end - start
            let plural = length > 3 && lastByte == UInt8(ascii: "s") && previousByte != UInt8(ascii: "s")
            words.append(
                Word(
                    hash: Int(bitPattern: UInt(hash)), folded: Int(bitPattern: UInt(plural ? beforeLast : hash)),
                    length: length, hasLetter: hasLetter, isNumber: !hasLetter))
        }
        while index < utf8.count {
            var byte = utf8[index]
            if byte < 0x80 {
                if isWordByte[Int(byte)] {
                    if byte >= 0x41 && byte <= 0x5A { byte |= 0x20 }
                    if byte >= 0x61 { hasLetter = true }
                    beforeLast = hash
                    hash = (hash ^ UInt64(byte)) &* prime
                    previousByte = lastByte
                    lastByte = byte
                    index += 1
                } else {
                    flush(upTo: index)
                    if isSymbolByte[Int(byte)] {
                        // A maths symbol is a word of its own, so "2+2" and "2×2" stay different questions.
                        words.append(word([byte], hasLetter: false))
                    }
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

    /// A word from already lowercased bytes.
    private static func word(_ bytes: [UInt8], hasLetter: Bool) -> Word {
        var hash = offsetBasis
        var beforeLast = offsetBasis
        for byte in bytes {
            beforeLast = hash
            hash = (hash ^ UInt64(byte)) &* prime
        }
        let count = bytes.count
        let plural = count > 3 && bytes[count - 1] == UInt8(ascii: "s") && bytes[count - 2] != UInt8(ascii: "s")
        return Word(
            hash: Int(bitPattern: UInt(hash)), folded: Int(bitPattern: UInt(plural ? beforeLast : hash)),
            length: count, hasLetter: hasLetter, isNumber: false)
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
