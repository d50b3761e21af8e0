import Synchronization

/// The near-duplicate rule's index over one topic's stored questions, built once and kept up to date as batches are
/// stored, so that checking a batch costs the same in a topic of 100 cards as in one of 100,000.
///
/// Without it each ``Sanitizer/sanitize(_:truncated:existingKeys:questions:)`` call reads every key of the topic
/// again (split into words, shingled, compared). A generation run makes one from the keys it loads, adds each
/// stored batch's keys, and passes a ``snapshot()`` with the keys to every sanitizer run: requests in flight read
/// the questions stored when they were sent, as their `existingKeys` do. Add-only; safe to share between tasks.
///
/// ```swift
/// let index = TopicQuestionIndex(keys: keys)
/// let report = sanitizer.sanitize(text, existingKeys: keys, questions: index.snapshot())
/// index.insert(report.cards.map(\.dedupKey))
/// ```
public final class TopicQuestionIndex: Sendable {
    /// The stop words the shingles were made without; a sanitizer whose rules have others ignores the index.
    let stopWordTable: Set<String>
    private let stopWords: WordHashSet
    private let state: Mutex<ShinglePostings>

    /// - Parameters:
    ///   - keys: the topic's ``FCCore/DedupKey``s.
    ///   - stopWords: ``QualityRules/stopWords`` of the sanitizer the index is for.
    public init(keys: some Sequence<String>, stopWords: Set<String> = QualityRules.standard.stopWords) {
        stopWordTable = stopWords
        self.stopWords = WordHashSet(stopWords.flatMap(QualityWords.hashes))
        state = Mutex(ShinglePostings())
        insert(keys)
    }

    /// Adds the keys of newly stored cards; keys already held are skipped.
    public func insert(_ keys: some Sequence<String>) {
        let shingled = keys.map { ($0, Self.shingles(of: $0, stopWords: stopWords)) }
        state.withLock { postings in
            for (key, shingles) in shingled { postings.insert(key, shingles: shingles) }
        }
    }

    /// The questions held now; later insertions are not seen through it.
    public func snapshot() -> Snapshot {
        Snapshot(index: self, count: state.withLock { $0.count })
    }

    /// The index as it was when the snapshot was taken.
    public struct Snapshot: Sendable {
        let index: TopicQuestionIndex
        let count: Int

        func match(_ shingles: Shingles, threshold: Double) -> NearDuplicateMatch? {
            index.state.withLock { $0.match(shingles, threshold: threshold, among: count) }
        }
    }

    /// A key's shingles as `QualityPass` makes a question's: its content words and numbers.
    static func shingles(of key: String, stopWords: WordHashSet) -> Shingles {
        let words = QualityWords(key)
        return Shingles(words.contentWords(stopWords: stopWords), numbers: words.numbers)
    }
}
