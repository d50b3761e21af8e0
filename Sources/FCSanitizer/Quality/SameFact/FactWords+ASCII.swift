/// The fast path of ``FactWords`` for ASCII text, which nearly every card is: bytes instead of scalars and
/// `String` comparisons, with the same results (an ASCII letter or digit is one `Character` and one scalar, and
/// lowercasing it is one byte's change). Text with any other byte takes the general path.
extension FactWords {
    /// ``tokens(_:)`` of ASCII `text`; `nil` when it has a byte past ASCII.
    static func asciiTokens(_ text: String) -> [Token]? {
        if let tokens = text.utf8.withContiguousStorageIfAvailable(asciiTokens) { return tokens }
        return Array(text.utf8).withUnsafeBufferPointer(asciiTokens)
    }

    private static func asciiTokens(_ bytes: UnsafeBufferPointer<UInt8>) -> [Token]? {
        var tokens: [Token] = []
        let isASCII = walkASCII(bytes) { written, lower, isSymbol, hasUpper in
            if isSymbol {
                tokens.append(Token(text: lower, lower: lower, number: nil))
                return
            }
            let text = hasUpper ? String(decoding: written, as: UTF8.self) : lower
            tokens.append(Token(text: text, lower: lower, number: number(text, lower: lower)))
        }
        return isASCII ? tokens : nil
    }

    /// What ``FactSignature`` keeps of an ASCII answer, as `tokens(text)` read through ``number(_:lower:)``, the stop
    /// words and ``stem(_:)`` would give it, in one pass without tokens: each word's number, or its stem unless it is a
    /// stop word. `nil` when `text` has a byte past ASCII. The answer of every card of a batch goes through this.
    static func asciiAnswerWords(_ text: String, stopWords: Set<String>) -> [String]? {
        if let words = text.utf8.withContiguousStorageIfAvailable({ asciiAnswerWords($0, stopWords: stopWords) }) {
            return words
        }
        return Array(text.utf8).withUnsafeBufferPointer { asciiAnswerWords($0, stopWords: stopWords) }
    }

    private static func asciiAnswerWords(_ bytes: UnsafeBufferPointer<UInt8>, stopWords: Set<String>) -> [String]? {
        var words: [String] = []
        words.reserveCapacity(bytes.count / 4 + 1)
        let isASCII = walkASCII(bytes) { written, lower, isSymbol, hasUpper in
            // `number` reads the word as written only for a Roman numeral, which has capitals.
            if !isSymbol, let number = number(hasUpper ? String(decoding: written, as: UTF8.self) : lower, lower: lower)
            {
                words.append(number)
            } else if !stopWords.contains(lower) {
                words.append(isSymbol ? lower : stem(lower))
            }
        }
        return isASCII ? words : nil
    }

    /// Reads ASCII `bytes` as ``tokens(_:)`` does and hands `take` each word (its bytes as written, lowercased, and
    /// whether it had a capital) and each maths symbol, in order; a possessive `s` after an apostrophe is no word.
    /// Returns false, having stopped, at a byte past ASCII.
    private static func walkASCII(
        _ bytes: UnsafeBufferPointer<UInt8>,
        _ take: (_ written: UnsafeBufferPointer<UInt8>, _ lower: String, _ isSymbol: Bool, _ hasUpper: Bool) -> Void
    ) -> Bool {
        var start = 0
        var afterApostrophe = false
        var hasUpper = false
        func flush(upTo end: Int) {
            defer { hasUpper = false }
            guard end > start else { return }
            let word = UnsafeBufferPointer(rebasing: bytes[start..<end])
            if afterApostrophe && word.count == 1 && (word[0] | 0x20) == UInt8(ascii: "s") { return }
            let lower =
                hasUpper
                ? String(unsafeUninitializedCapacity: word.count) { buffer in
                    for (index, byte) in word.enumerated() { buffer[index] = ASCII.lowercased(byte) }
                    return word.count
                } : String(decoding: word, as: UTF8.self)
            take(word, lower, false, hasUpper)
        }
        for index in 0..<bytes.count {
            let byte = bytes[index]
            guard byte < 0x80 else { return false }
            if ASCII.isDigit(byte) || byte &- 0x61 < 26 { continue }
            if byte &- 0x41 < 26 {  // A–Z
                hasUpper = true
                continue
            }
            flush(upTo: index)
            start = index + 1
            afterApostrophe = byte == ASCII.apostrophe
            if isSymbol(byte) {
                take(UnsafeBufferPointer(rebasing: bytes[index..<index + 1]), String(UnicodeScalar(byte)), true, false)
            }
        }
        flush(upTo: bytes.count)
        return true
    }

    /// `+ * / = < > ^ %`: the ASCII maths symbols ``tokens(_:)`` keeps as words.
    private static func isSymbol(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "+"), UInt8(ascii: "*"), UInt8(ascii: "/"), UInt8(ascii: "="), UInt8(ascii: "<"),
            UInt8(ascii: ">"), UInt8(ascii: "^"), UInt8(ascii: "%"):
            true
        default: false
        }
    }

    /// ``stem(_:)`` of an ASCII word; `nil` for any other.
    static func asciiStem(_ word: String) -> String? {
        word.utf8.withContiguousStorageIfAvailable { bytes -> String? in
            guard bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
            for suffix in suffixBytes where bytes.count > suffix.count + 2 {
                guard bytes[(bytes.count - suffix.count)...].elementsEqual(suffix) else { continue }
                return String(decoding: bytes[..<(bytes.count - suffix.count)], as: UTF8.self)
            }
            return word
        } ?? nil
    }

    private static let suffixBytes: [[UInt8]] = suffixes.map { Array($0.utf8) }
}

extension FactWords {
    /// ``same(_:_:)`` of two different ASCII words, by bytes (a digit is the only ASCII number); `nil` unless both
    /// are ASCII.
    static func asciiSame(_ first: String, _ second: String) -> Bool? {
        first.utf8.withContiguousStorageIfAvailable { left -> Bool? in
            second.utf8.withContiguousStorageIfAvailable { right -> Bool? in
                guard left.allSatisfy({ $0 < 0x80 }), right.allSatisfy({ $0 < 0x80 }) else { return nil }
                guard let leftFirst = left.first, let rightFirst = right.first,
                    !ASCII.isDigit(leftFirst), !ASCII.isDigit(rightFirst)
                else { return false }
                var shared = 0
                while shared < left.count && shared < right.count && left[shared] == right[shared] { shared += 1 }
                guard shared >= 4 else { return false }
                return shared == min(left.count, right.count) || max(left.count, right.count) - shared <= 3
            } ?? nil
        } ?? nil
    }
}
