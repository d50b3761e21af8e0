/// Phrases hashed and grouped by their first word, so a field is matched with one lookup per word instead of
/// trying every phrase at every position.
struct QualityPhraseIndex: Sendable {
    /// A phrase as hashes; `countWord` stands for `#n`.
    private struct Compiled: Sendable {
        var words: [Int]
        var position: QualityPhrase.Position
        var notFollowedBy: WordHashSet
    }

    private static let countWord = Int.min
    private let byFirstWord: [Int: [Compiled]]
    /// Phrases opening with `#n`, tried at every position.
    private let counted: [Compiled]
    private let countWords: WordHashSet
    /// The first words of all phrases: most words of a field are none, and this rejects them without hashing.
    private let firstWords: WordHashSet

    init(_ phrases: [QualityPhrase], countWords: Set<String> = []) {
        var byFirstWord: [Int: [Compiled]] = [:]
        var counted: [Compiled] = []
        for phrase in phrases {
            let words = phrase.words.map { $0 == "#n" ? Self.countWord : QualityWords.hashes($0).first ?? 0 }
            let compiled = Compiled(
                words: words, position: phrase.position,
                notFollowedBy: WordHashSet(phrase.notFollowedBy.compactMap { QualityWords.hashes($0).first }))
            guard let first = words.first else { continue }
            if first == Self.countWord {
                counted.append(compiled)
            } else {
                byFirstWord[first, default: []].append(compiled)
            }
        }
        self.byFirstWord = byFirstWord
        self.counted = counted
        self.countWords = WordHashSet(countWords.compactMap { QualityWords.hashes($0).first })
        self.firstWords = WordHashSet(byFirstWord.keys)
    }

    /// Whether any phrase occurs in `field` at its position.
    func matches(_ field: QualityWords) -> Bool {
        let words = field.words
        for start in words.indices {
            if firstWords.contains(words[start].hash), let phrases = byFirstWord[words[start].hash],
                phrases.contains(where: { matches($0, words, at: start) })
            {
                return true
            }
            if counted.contains(where: { matches($0, words, at: start) }) { return true }
        }
        return false
    }

    private func matches(_ phrase: Compiled, _ words: [QualityWords.Word], at start: Int) -> Bool {
        let end = start + phrase.words.count
        guard end <= words.count else { return false }
        switch phrase.position {
        case .start where start != 0: return false
        case .end where end != words.count: return false
        default: break
        }
        for (offset, expected) in phrase.words.enumerated() {
            let word = words[start + offset].hash
            if expected == Self.countWord ? !countWords.contains(word) : word != expected { return false }
        }
        if end < words.count, phrase.notFollowedBy.contains(words[end].hash) { return false }
        return true
    }
}
