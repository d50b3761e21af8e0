import FCCore
import Foundation

/// ``DedupKey/make(_:)`` with a fast path for ASCII questions.
///
/// `DedupKey.make` goes through Foundation's NFKC mapping, case folding and `CharacterSet` lookups, about 14 µs per
/// question on the 2-core Linux machines: for a 15-card reply that alone capped the sanitizer near 30 MB/s. On ASCII
/// text NFKC and width folding change nothing and case folding is lowercasing, so for ASCII the key is computed
/// here from bytes, with the kept-or-separator table taken from the same `CharacterSet`s `DedupKey` uses. Any
/// non-ASCII byte falls back to `DedupKey.make`. `QuestionKeyTests` checks both agree.
enum QuestionKey {
    static func make(_ question: String) -> String {
        var key: [UInt8] = []
        key.reserveCapacity(question.utf8.count)
        var pendingSpace = false
        for byte in question.utf8 {
            guard byte < 0x80 else { return DedupKey.make(question) }
            if keptASCII[Int(byte)] {
                if pendingSpace && !key.isEmpty { key.append(0x20) }
                pendingSpace = false
                key.append(ASCII.lowercased(byte))
            } else {
                // Whitespace, punctuation and control characters only separate words, as in DedupKey.
                pendingSpace = true
            }
        }
        return String(decoding: key, as: UTF8.self)
    }

    /// For each ASCII byte, whether `DedupKey` keeps it (alphanumerics and symbols) rather than treating it as a gap.
    private static let keptASCII: [Bool] = (0..<128).map { value in
        guard let scalar = Unicode.Scalar(UInt32(value)) else { return false }
        return CharacterSet.alphanumerics.contains(scalar) || CharacterSet.symbols.contains(scalar)
    }
}
