/// A topic's questions for the near-duplicate rule with an inverted index from each shingle to the questions that
/// hold it, so a new question is compared only with questions it shares shingles with, not with the whole topic.
///
/// Jaccard similarity ≥ t needs |A ∩ B| ≥ t · |A| (as |A ∪ B| ≥ |A|), so a question B like A shares at least one
/// of any |A| − ⌈t · |A|⌉ + 1 of A's shingles: ``match(_:threshold:among:)`` reads the posting lists of A's rarest
/// shingles only (prefix filtering), then checks each question found with ``Shingles/jaccard(_:atLeast:)``. What it
/// finds is what comparing with every question finds; the cost follows how many questions share A's rarest
/// shingles, not the topic's size.
///
/// A match must also mention the same numbers (``Shingles/numbers``), so the lists are kept per shingle and numbers
/// together: "Request 12, card 3: how did …" is never a candidate for "Request 13, card 3: how did …", however many
/// such questions a topic holds.
struct ShinglePostings: Sendable {
    private var texts: [String] = []
    private var shingles: [Shingles] = []
    /// Shingle hash xor the key of the question's numbers (`numbersKey`) → the questions holding it, as
    /// indexes into `texts`, ascending.
    private var postings: [Int: [Int32]] = [:]
    private var known: Set<String> = []

    /// The questions held; a snapshot of the index reads the first `count` of them.
    var count: Int { texts.count }

    /// Adds a question, unless it has no shingles or is already held.
    mutating func insert(_ text: String, shingles: Shingles) {
        guard !shingles.isEmpty, let id = Int32(exactly: texts.count), known.insert(text).inserted else { return }
        texts.append(text)
        self.shingles.append(shingles)
        let numbers = Self.numbersKey(shingles.numbers)
        for hash in shingles.hashes { postings[hash ^ numbers, default: []].append(id) }
    }

    /// The numbers' part of a posting key: 0 without numbers, else their hash (stable within the process, which is
    /// all an in-memory index needs; two lists that collide only add candidates, which the checks below reject).
    private static func numbersKey(_ numbers: [Int]) -> Int {
        guard !numbers.isEmpty else { return 0 }
        var hasher = Hasher()
        hasher.combine(numbers)
        return hasher.finalize()
    }

    /// The question among the first `limit` most like `query`, when their Jaccard similarity reaches `threshold`;
    /// of equally similar ones the first in `String` order (the order the topic's keys were once compared in).
    func match(_ query: Shingles, threshold: Double, among limit: Int) -> NearDuplicateMatch? {
        let size = query.hashes.count
        // No question to compare with (a topic's first batch, a reply without existing keys): no lists to read.
        guard size > 0, min(limit, texts.count) > 0 else { return nil }
        // The shared shingles a match needs, rounded down a hair so that a product like 0.6 · 5 never asks one more.
        let needed = max(1, Int((threshold * Double(size) - 1e-9).rounded(.up)))
        guard needed <= size else { return nil }
        let numbers = Self.numbersKey(query.numbers)
        var lists = query.hashes.map { postings[$0 ^ numbers] ?? [] }
        lists.sort { $0.count < $1.count }
        var candidates: [Int32] = []
        for list in lists.prefix(size - needed + 1) {
            for id in list {
                if Int(id) >= limit { break }
                candidates.append(id)
            }
        }
        candidates.sort()
        var best: NearDuplicateMatch?
        var previous: Int32 = -1
        let querySize = Double(size)
        for id in candidates where id != previous {
            previous = id
            let entry = shingles[Int(id)]
            // Jaccard ≤ min/max of the sizes.
            let other = Double(entry.hashes.count)
            guard min(querySize, other) >= threshold * max(querySize, other), entry.numbers == query.numbers,
                let similarity = query.jaccard(entry, atLeast: threshold)
            else { continue }
            let text = texts[Int(id)]
            if let best, similarity < best.similarity || (similarity == best.similarity && best.text < text) {
                continue
            }
            best = NearDuplicateMatch(text: text, similarity: similarity)
        }
        return best
    }
}

/// The question a near-duplicate is most like, and how alike they are.
struct NearDuplicateMatch: Sendable {
    var text: String
    var similarity: Double
}
