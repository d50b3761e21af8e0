import Foundation

// The fast path of ``DedupKey/make(_:)``.
//
// The reference computation runs Foundation's NFKC mapping, case folding and a `CharacterSet` lookup per scalar:
// about 14 µs per question on the 2-core Linux machines, which alone capped the sanitizer near 30 MB/s and the
// store's batch path near 70,000 cards/s. Most questions are already in NFKC case-folded form except for their
// uppercase letters, and for those the key can be computed scalar by scalar:
//
// - ASCII: NFKC and width folding change nothing, case folding is lowercasing; the kept-or-gap table comes from
//   the same `CharacterSet`s the reference uses.
// - Other BMP scalars with canonical combining class 0 whose NFKC case fold is themselves
//   (`changesWhenNFKCCaseFolded` is false) and that are letters, digits, symbols or punctuation: the string-level
//   normalisation cannot change them either, because only marks and Hangul jamo (both sent to the slow path)
//   compose with a preceding scalar. Letters, marks, numbers and symbols are kept, the rest are gaps, as in
//   `CharacterSet.alphanumerics` and `.symbols`.
// - An uppercase letter whose lowercase mapping is one such scalar: that scalar (`Ж` → `ж`, `É` → `é`).
// - Anything else (ligatures, full-width forms, combining marks, `ß`, no-break spaces, …) takes the reference path.
//
// `DedupKeyFastPathTests` compares both on every scalar of planes 0 and 1 and on random strings.
extension DedupKey {
    /// The key computed scalar by scalar, or `nil` when the question needs Foundation's full normalisation.
    static func fastKey(_ question: String) -> String? {
        if let key = asciiKey(question) { return key }
        var key = String.UnicodeScalarView()
        var pendingSpace = false
        for scalar in question.unicodeScalars {
            let kept: Unicode.Scalar
            if scalar.isASCII {
                guard keptASCII[Int(scalar.value)] else {
                    pendingSpace = true
                    continue
                }
                kept = Unicode.Scalar(lowercasedASCII(UInt8(scalar.value)))
            } else {
                switch classify(scalar) {
                case .gap:
                    pendingSpace = true
                    continue
                case .kept(let folded):
                    kept = folded
                case .unknown:
                    return nil
                }
            }
            if pendingSpace && !key.isEmpty { key.append(" ") }
            pendingSpace = false
            key.append(kept)
        }
        return String(key)
    }

    /// The key of an all-ASCII question straight from its bytes; `nil` at the first non-ASCII byte.
    private static func asciiKey(_ question: String) -> String? {
        if let key = question.utf8.withContiguousStorageIfAvailable(asciiKey) { return key }
        return Array(question.utf8).withUnsafeBufferPointer(asciiKey)
    }

    /// ``asciiKey(_:)`` of UTF-8 bytes, written straight into the key's storage (never longer than the bytes).
    private static func asciiKey(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        // A local copy: the static table read in the loop would pay a lazy-initialisation check per byte.
        let keptASCII = Self.keptASCII
        var isASCII = true
        let key = String(unsafeUninitializedCapacity: bytes.count) { key in
            var length = 0
            var pendingSpace = false
            for byte in bytes {
                guard byte < 0x80 else {
                    isASCII = false
                    return 0
                }
                if keptASCII[Int(byte)] {
                    if pendingSpace && length > 0 {
                        key[length] = 0x20
                        length += 1
                    }
                    pendingSpace = false
                    key[length] = lowercasedASCII(byte)
                    length += 1
                } else {
                    pendingSpace = true
                }
            }
            return length
        }
        return isASCII ? key : nil
    }

    @inline(__always)
    private static func lowercasedASCII(_ byte: UInt8) -> UInt8 { byte &- 0x41 < 26 ? byte | 0x20 : byte }

    private enum Verdict {
        case kept(Unicode.Scalar)
        case gap
        case unknown
    }

    private static func classify(_ scalar: Unicode.Scalar) -> Verdict {
        // Foundation's character tables lag behind the standard library's outside the BMP (Tangut, for one).
        guard scalar.value <= 0xFFFF else { return .unknown }
        let properties = scalar.properties
        if properties.changesWhenNFKCCaseFolded {
            guard isKnownToFoundation(properties),
                properties.isUppercase || properties.generalCategory == .titlecaseLetter,
                case let lower = properties.lowercaseMapping.unicodeScalars, lower.count == 1,
                let folded = lower.first, folded != scalar, isStable(folded), isLetter(folded.properties)
            else { return .unknown }
            return .kept(folded)
        }
        guard isStable(scalar) else { return .unknown }
        switch properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter, .decimalNumber,
            .letterNumber, .otherNumber, .mathSymbol, .currencySymbol, .modifierSymbol, .otherSymbol:
            return .kept(scalar)
        case .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation, .initialPunctuation,
            .finalPunctuation, .otherPunctuation:
            return .gap
        default:
            return .unknown
        }
    }

    /// Unchanged by NFKC case folding, starter (combining class 0), and no Hangul jamo that could compose.
    ///
    /// Also excluded: Cherokee capitals, which Foundation folds to small letters although Unicode case folding goes
    /// the other way, and scalars newer than Unicode 15, which Foundation's tables may not know yet.
    private static func isStable(_ scalar: Unicode.Scalar) -> Bool {
        let properties = scalar.properties
        guard !properties.changesWhenNFKCCaseFolded, properties.canonicalCombiningClass == .notReordered,
            isKnownToFoundation(properties)
        else { return false }
        switch scalar.value {
        case 0x1100...0x11FF, 0xA960...0xA97F, 0xD7B0...0xD7FF: return false  // conjoining jamo
        case 0x13A0...0x13F5: return false  // Cherokee capitals
        default: return true
        }
    }

    /// Assigned by Unicode 15.0 or earlier.
    private static func isKnownToFoundation(_ properties: Unicode.Scalar.Properties) -> Bool {
        guard let age = properties.age else { return false }
        return age.major < 15 || (age.major == 15 && age.minor == 0)
    }

    private static func isLetter(_ properties: Unicode.Scalar.Properties) -> Bool {
        switch properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter: true
        default: false
        }
    }

    /// For each ASCII byte, whether `DedupKey` keeps it (alphanumerics and symbols) rather than treating it as a gap.
    private static let keptASCII: [Bool] = (0..<128).map { value in
        guard let scalar = Unicode.Scalar(UInt32(value)) else { return false }
        return CharacterSet.alphanumerics.contains(scalar) || CharacterSet.symbols.contains(scalar)
    }
}
