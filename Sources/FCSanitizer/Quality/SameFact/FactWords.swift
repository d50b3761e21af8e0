/// The words of a card field as the same-fact rule reads them: strings, not hashes (it compares word beginnings and
/// letter triples, which hashes cannot), with their case kept where it says something (a name mid-sentence).
///
/// Hand-written because no package in the project does English word stemming; the stemmer is deliberately light
/// (a few suffixes), since its job is only to let "written" meet "writing" and "Brazil" meet "Brazilians".
enum FactWords {
    struct Token: Equatable {
        /// As written.
        var text: String
        /// Lowercased.
        var lower: String
        /// The number it stands for, when it is one: digits, a number word up to twelve, an ordinal up to tenth,
        /// `1st`…, or a Roman numeral from II (written in capitals).
        var number: String?
    }

    /// Runs of letters and digits, and each maths symbol as a word of its own ("a + b" and "a × b" differ); an
    /// apostrophe ends a word and a possessive `s` after it is dropped. ASCII text is read byte by byte
    /// (`FactWords+ASCII.swift`), anything else scalar by scalar (a topic's every card goes through this when a run
    /// starts, and every card of a batch).
    static func tokens(_ text: String) -> [Token] {
        asciiTokens(text) ?? scalarTokens(text)
    }

    /// ``tokens(_:)`` scalar by scalar, for any text.
    static func scalarTokens(_ text: String) -> [Token] {
        var tokens: [Token] = []
        var current = String.UnicodeScalarView()
        var afterApostrophe = false
        func flush() {
            guard !current.isEmpty else { return }
            let word = String(current)
            current = String.UnicodeScalarView()
            let lower = word.lowercased()
            if afterApostrophe && lower == "s" { return }
            tokens.append(Token(text: word, lower: lower, number: number(word, lower: lower)))
        }
        for scalar in text.unicodeScalars {
            if isWordScalar(scalar) {
                current.append(scalar)
                continue
            }
            flush()
            afterApostrophe = scalar == "'" || scalar == "’"
            // An ASCII hyphen joins words ("bile-digesting"); the minus sign (−) is a symbol.
            if scalar.isASCII ? "+*/=<>^%".unicodeScalars.contains(scalar) : scalar.properties.isMath {
                let symbol = String(scalar)
                tokens.append(Token(text: symbol, lower: symbol, number: nil))
            }
        }
        flush()
        return tokens
    }

    private static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII {
            let value = scalar.value
            return (value >= 0x30 && value <= 0x39) || (value >= 0x41 && value <= 0x5A)
                || (value >= 0x61 && value <= 0x7A)
        }
        let properties = scalar.properties
        return properties.isAlphabetic || properties.numericType != nil || properties.generalCategory == .nonspacingMark
    }

    /// Number words up to twelve and ordinals up to tenth, as digits.
    static let spelled: [String: String] = {
        let numbers = [
            "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve",
        ]
        let ordinals = [
            "zeroth", "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth",
        ]
        var table: [String: String] = [:]
        for (value, word) in numbers.enumerated() { table[word] = String(value) }
        for (value, word) in ordinals.enumerated() { table[word] = String(value) }
        return table
    }()
    /// Roman numerals from II, as written (in capitals: "I" and "V" alone are too often words or letters).
    static let romans: [String: String] = {
        let numerals = ["II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X", "XI", "XII"]
        var table: [String: String] = [:]
        for (offset, numeral) in numerals.enumerated() where numeral.utf8.count > 1 {
            table[numeral] = String(offset + 2)
        }
        return table
    }()

    static func number(_ text: String, lower: String) -> String? {
        let bytes = lower.utf8
        guard let first = bytes.first else { return nil }
        if isDigit(first) {
            if bytes.allSatisfy(isDigit) {
                let trimmed = lower.drop { $0 == "0" }
                return trimmed.isEmpty ? "0" : String(trimmed)
            }
            // 1st, 2nd, 3rd, 4th …
            let digits = bytes.dropLast(2)
            guard bytes.count > 2, digits.allSatisfy(isDigit) else { return nil }
            let suffix = String(decoding: bytes.suffix(2), as: UTF8.self)
            return ["st", "nd", "rd", "th"].contains(suffix) ? String(decoding: digits, as: UTF8.self) : nil
        }
        // Most words are neither: look them up only when their length and first letter allow it.
        if bytes.count >= 3 && bytes.count <= 7 && first < 0x80 && spelledInitials[Int(first)],
            let value = spelled[lower]
        {
            return value
        }
        let romanDigits = Self.romanDigits
        guard text.utf8.count > 1, text.utf8.allSatisfy({ $0 < 0x80 && romanDigits[Int($0)] }) else { return nil }
        return romans[text]
    }

    /// Per ASCII byte, whether a word of ``spelled`` (three to seven letters long) starts with it.
    static let spelledInitials: [Bool] = (0..<128).map { byte in
        spelled.keys.contains { $0.utf8.first == UInt8(byte) }
    }
    /// Per ASCII byte, whether it is a letter of ``romans``' numerals (two letters or more).
    static let romanDigits: [Bool] = (0..<128).map { byte in
        romans.keys.contains { $0.utf8.contains(UInt8(byte)) }
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

    static let suffixes = ["ations", "ation", "ings", "ing", "ies", "ied", "es", "ed", "er", "ly", "s"]

    /// The word with one common suffix taken off, when enough of it is left.
    static func stem(_ word: String) -> String {
        asciiStem(word) ?? characterStem(word)
    }

    /// ``stem(_:)`` by characters, for any word.
    static func characterStem(_ word: String) -> String {
        let length = word.utf8.count
        for suffix in suffixes where length > suffix.utf8.count + 2 && word.hasSuffix(suffix) {
            // The suffixes are ASCII, so dropping their characters drops as many bytes.
            return String(word.dropLast(suffix.count))
        }
        return word
    }

    /// Whether two stems are one word: equal, or sharing a beginning of at least four letters that is all of the
    /// shorter one or leaves at most three letters of each ("mitochondrion", "mitochondria"; not "Augustus",
    /// "Augustulus"). Numbers must be equal.
    static func same(_ first: String, _ second: String) -> Bool {
        if first == second { return true }
        // Different words that are one share their first four characters: most pairs a batch compares differ in
        // their first, which two different ASCII bytes settle (other first bytes may be canonically equivalent).
        if let left = first.utf8.first, let right = second.utf8.first, left != right, left < 0x80, right < 0x80 {
            return false
        }
        return asciiSame(first, second) ?? characterSame(first, second)
    }

    /// ``same(_:_:)`` by characters, for any words.
    static func characterSame(_ first: String, _ second: String) -> Bool {
        if first == second { return true }
        guard !(first.first?.isNumber ?? true), !(second.first?.isNumber ?? true) else { return false }
        var shared = 0
        for (left, right) in zip(first, second) {
            guard left == right else { break }
            shared += 1
        }
        guard shared >= 4 else { return false }
        let shorter = min(first.count, second.count)
        return shared == shorter || max(first.count, second.count) - shared <= 3
    }
}
