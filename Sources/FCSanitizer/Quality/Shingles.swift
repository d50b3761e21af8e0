/// Word shingles of a question for near-duplicate detection: its content words, and each unordered pair of
/// content words at most two apart, hashed.
///
/// Single words catch rephrasings that insert a word ("In what year did Julius Caesar cross the Rubicon?" after
/// "When did Caesar cross the Rubicon?"); unordered near pairs survive reordering ("Rome's first emperor", "the
/// first emperor of Rome") while keeping apart questions that share most words but not their neighbours ("Which
/// battle ended the First Punic War?", "… the Second Punic War?").
struct Shingles: Sendable {
    /// Sorted and unique, so two sets intersect in one merge pass.
    let hashes: [Int]
    /// The question's numbers in order: questions that mention different numbers ask about different things
    /// ("What is 2^3?", "What is 2^4?"; "Who ruled in AD 69?", "… in AD 79?"), however alike their words.
    let numbers: [Int]

    init(_ content: [Int], numbers: [Int]) {
        self.numbers = numbers
        var hashes: [Int] = []
        hashes.reserveCapacity(content.count * 3)
        for (index, word) in content.enumerated() {
            hashes.append(word)
            for distance in 1...2 where index >= distance {
                hashes.append(Self.pair(word, content[index - distance]))
            }
        }
        hashes.sort()
        // Unique in place: one array per question, not two.
        var kept = 0
        for index in hashes.indices where kept == 0 || hashes[kept - 1] != hashes[index] {
            hashes[kept] = hashes[index]
            kept += 1
        }
        hashes.removeLast(hashes.count - kept)
        self.hashes = hashes
    }

    /// An unordered pair of word hashes as one hash (a multiply-xorshift mix of the smaller and the larger).
    private static func pair(_ first: Int, _ second: Int) -> Int {
        let low = UInt64(bitPattern: Int64(min(first, second)))
        let high = UInt64(bitPattern: Int64(max(first, second)))
        var mixed = (low &* 0x9E37_79B9_7F4A_7C15) ^ (high &+ 0x632B_E59B_D9B4_E019)
        mixed ^= mixed >> 31
        mixed &*= 0xBF58_476D_1CE4_E5B9
        mixed ^= mixed >> 29
        return Int(bitPattern: UInt(mixed))
    }

    var isEmpty: Bool { hashes.isEmpty }

    /// |A ∩ B| / |A ∪ B| when it reaches `threshold`, else `nil`. The merge stops as soon as the shingles left
    /// cannot share enough: Jaccard ≥ t needs |A ∩ B| ≥ t · (|A| + |B|) / (1 + t).
    func jaccard(_ other: Shingles, atLeast threshold: Double) -> Double? {
        let total = hashes.count + other.hashes.count
        let needed = threshold * Double(total) / (1 + threshold)
        var shared = 0
        var left = 0
        var right = 0
        while left < hashes.count && right < other.hashes.count {
            let remaining = min(hashes.count - left, other.hashes.count - right)
            if Double(shared + remaining) < needed { return nil }
            if hashes[left] == other.hashes[right] {
                shared += 1
                left += 1
                right += 1
            } else if hashes[left] < other.hashes[right] {
                left += 1
            } else {
                right += 1
            }
        }
        let similarity = Double(shared) / Double(total - shared)
        return similarity >= threshold ? similarity : nil
    }
}

/// The batch's earlier questions and their shingles. A batch holds a few dozen cards, so comparing with each is
/// cheaper than maintaining an inverted index (the topic's questions have one: `ShinglePostings`); sizes too far
/// apart to reach the threshold are skipped without a merge.
struct NearDuplicateIndex {
    private var entries: [(text: String, shingles: Shingles)] = []

    mutating func insert(_ shingles: Shingles, text: String) {
        guard !shingles.isEmpty else { return }
        entries.append((text, shingles))
    }

    /// The earliest of the questions most like `shingles`, when their Jaccard similarity reaches `threshold` and
    /// exceeds that of `best` (a match found before these questions).
    func match(_ shingles: Shingles, threshold: Double, after best: NearDuplicateMatch? = nil) -> NearDuplicateMatch? {
        guard !shingles.isEmpty else { return best }
        let size = Double(shingles.hashes.count)
        var best = best
        for entry in entries {
            // Jaccard ≤ min/max of the sizes.
            let other = Double(entry.shingles.hashes.count)
            guard min(size, other) >= threshold * max(size, other), entry.shingles.numbers == shingles.numbers else {
                continue
            }
            guard let similarity = shingles.jaccard(entry.shingles, atLeast: threshold) else { continue }
            if similarity > best?.similarity ?? 0 {
                best = NearDuplicateMatch(text: entry.text, similarity: similarity)
            }
        }
        return best
    }
}
