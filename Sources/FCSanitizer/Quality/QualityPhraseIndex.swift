/// Phrases grouped by their first word, so a field is matched with one lookup per word instead of trying every
/// phrase at every position.
struct QualityPhraseIndex: Sendable {
    private let byFirstWord: [String: [QualityPhrase]]
    /// Phrases opening with `#n` (any count word), tried at every position.
    private let counted: [QualityPhrase]
    private let countWords: Set<String>

    init(_ phrases: [QualityPhrase], countWords: Set<String> = []) {
        var byFirstWord: [String: [QualityPhrase]] = [:]
        var counted: [QualityPhrase] = []
        for phrase in phrases {
            guard let first = phrase.words.first else { continue }
            if first == "#n" { counted.append(phrase) } else { byFirstWord[first, default: []].append(phrase) }
        }
        self.byFirstWord = byFirstWord
        self.counted = counted
        self.countWords = countWords
    }

    /// Whether any phrase occurs in `field` at its position.
    func matches(_ field: QualityWords) -> Bool {
        let words = field.words
        for start in words.indices {
            if let phrases = byFirstWord[words[start]],
                phrases.contains(where: { matches($0, words, at: start) })
            {
                return true
            }
            if counted.contains(where: { matches($0, words, at: start) }) { return true }
        }
        return false
    }

    private func matches(_ phrase: QualityPhrase, _ words: [String], at start: Int) -> Bool {
        let end = start + phrase.words.count
        guard end <= words.count else { return false }
        switch phrase.position {
        case .start where start != 0: return false
        case .end where end != words.count: return false
        default: break
        }
        for (offset, expected) in phrase.words.enumerated() {
            let word = words[start + offset]
            if expected == "#n" ? !countWords.contains(word) : word != expected { return false }
        }
        if end < words.count, phrase.notFollowedBy.contains(words[end]) { return false }
        return true
    }
}
