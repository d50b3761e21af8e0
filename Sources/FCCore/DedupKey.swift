import Foundation

/// The normalised form of a question that must be unique within a topic.
///
/// Two questions are duplicates when they differ only in case, Unicode normalisation form, width, whitespace or
/// punctuation: "What is  the Senate?" and "what is the senate" share one key. Symbols (`+`, `=`, `^`, `√`) are
/// kept, so "2+2" and "2×2" stay different questions.
///
/// ```swift
/// DedupKey.make("Who  was Caesar?") == DedupKey.make("who was caesar") // true
/// ```
public enum DedupKey {
    public static func make(_ question: String) -> String {
        fastKey(question) ?? reference(question)
    }

    /// The definition of the key, scalar by scalar after Foundation's normalisation; ``make(_:)`` takes a faster
    /// route to the same result when it can (see `DedupKey+FastPath.swift`).
    package static func reference(_ question: String) -> String {
        // NFKC folds compatibility forms (full-width letters, ligatures) before case folding.
        let folded = question.precomposedStringWithCompatibilityMapping
            .folding(options: [.caseInsensitive, .widthInsensitive], locale: nil)
        var key = String.UnicodeScalarView()
        var pendingSpace = false
        for scalar in folded.unicodeScalars {
            if CharacterSet.alphanumerics.contains(scalar) || CharacterSet.symbols.contains(scalar) {
                if pendingSpace && !key.isEmpty { key.append(" ") }
                pendingSpace = false
                key.append(scalar)
            } else {
                // Whitespace, punctuation and control characters only separate words.
                pendingSpace = true
            }
        }
        return String(key)
    }
}
