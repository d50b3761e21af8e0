import Foundation

/// What a batch's prompt remembers of earlier cards: the questions nearest to what the batch is about, a bounded
/// number of them, from the topic's stored questions and those the run itself stored so far.
///
/// Listing every earlier question grows each request without bound (a topic's second run sent four times the
/// characters of its first); listing only the newest tells a batch nothing about the part of the topic it is
/// about. Instead each question is reduced to normalised word shingles (content words and adjacent pairs), and a
/// batch gets the `limit` questions sharing the most shingles with its step (subtopic, focus, depth); ties go to
/// the newer question, so with nothing in common the list is the most recent questions.
///
/// ```swift
/// var memory = PromptMemory(questions: storedNewestFirst)
/// memory.add(["What did Augustus reform?"])
/// memory.nearest(to: "Augustus and the principate", limit: 20)
/// ```
package struct PromptMemory: Sendable {
    private struct Entry: Sendable {
        var question: String
        /// The question's shingles as ids in `vocabulary`, sorted, so one merge counts what two share.
        var shingles: [Int32]
    }

    /// Oldest first, so a higher index is newer.
    private var entries: [Entry] = []
    private var seen = Set<String>()
    /// Each shingle met so far and its id: a batch's query is compared as a few integers with each question's,
    /// not as a set of strings hashed again per question.
    private var vocabulary: [String: Int32] = [:]
    /// At most this many questions are kept (the oldest go): the pool is bounded too.
    package let capacity: Int

    /// - Parameter questions: the topic's questions, newest first (as the store lists them).
    package init(questions: [String] = [], capacity: Int = 2000) {
        self.capacity = max(1, capacity)
        add(questions.reversed())
    }

    package var count: Int { entries.count }

    /// Adds questions stored after the ones already held, oldest first.
    package mutating func add(_ questions: some Sequence<String>) {
        for question in questions {
            let key = question.lowercased()
            guard seen.insert(key).inserted else { continue }
            let ids = Self.shingles(question).map { shingle in
                if let id = vocabulary[shingle] { return id }
                let id = Int32(truncatingIfNeeded: vocabulary.count)
                vocabulary[shingle] = id
                return id
            }
            entries.append(Entry(question: question, shingles: ids.sorted()))
        }
        if entries.count > capacity {
            for entry in entries.prefix(entries.count - capacity) { seen.remove(entry.question.lowercased()) }
            entries.removeFirst(entries.count - capacity)
        }
    }

    /// Up to `limit` questions, most similar to `query` first (newer first among equals).
    package func nearest(to query: String, limit: Int) -> [String] {
        guard limit > 0, !entries.isEmpty else { return [] }
        // A shingle no question has cannot be shared.
        let target = Self.shingles(query).compactMap { vocabulary[$0] }.sorted()
        let scored = entries.indices.map { index -> (score: Int, index: Int) in
            (Self.shared(entries[index].shingles, target), index)
        }
        return scored.sorted { ($0.score, $0.index) > ($1.score, $1.index) }.prefix(limit).map {
            entries[$0.index].question
        }
    }

    /// How many ids two sorted, unique lists share.
    private static func shared(_ left: [Int32], _ right: [Int32]) -> Int {
        var count = 0
        var first = 0
        var second = 0
        while first < left.count && second < right.count {
            if left[first] == right[second] {
                count += 1
                first += 1
                second += 1
            } else if left[first] < right[second] {
                first += 1
            } else {
                second += 1
            }
        }
        return count
    }

    /// Lowercased words of three letters or more (short words are mostly function words), folded to ASCII where
    /// they have accents, plus each pair of neighbouring such words.
    package static func shingles(_ text: String) -> Set<String> {
        let words =
            text.utf8.allSatisfy { $0 < 0x80 }
            ? asciiWords(text)
            : text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
                .lowercased().split(whereSeparator: { !$0.isLetter && !$0.isNumber }).map(String.init)
                .filter { $0.count >= 3 && !stopWords.contains($0) }
        var result = Set(words)
        for index in words.indices.dropFirst() { result.insert(words[index - 1] + " " + words[index]) }
        return result
    }

    /// The words `shingles` keeps, for ASCII text: there folding only lowercases, letters and digits are the
    /// word characters, and a word's characters are its bytes, so the bytes are read directly.
    private static func asciiWords(_ text: String) -> [String] {
        var words: [String] = []
        var word: [UInt8] = []
        func finish() {
            if word.count >= 3 {
                let string = String(decoding: word, as: UTF8.self)
                if !stopWords.contains(string) { words.append(string) }
            }
            word.removeAll(keepingCapacity: true)
        }
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"): word.append(byte)
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): word.append(byte + 32)
            default: finish()
            }
        }
        finish()
        return words
    }

    static let stopWords: Set<String> = [
        "the", "and", "for", "what", "which", "who", "whom", "when", "where", "why", "how", "was", "were", "are",
        "did", "does", "with", "from", "that", "this", "its", "his", "her", "their", "into", "true", "false",
    ]
}
