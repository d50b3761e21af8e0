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
    private let state: Mutex<(shingles: ShinglePostings, facts: FactIndex)>

    /// - Parameters:
    ///   - keys: the topic's ``FCCore/DedupKey``s.
    ///   - stopWords: ``QualityRules/stopWords`` of the sanitizer the index is for.
    public init(keys: some Sequence<String>, stopWords: Set<String> = QualityRules.standard.stopWords) {
        stopWordTable = stopWords
        self.stopWords = WordHashSet(stopWords.flatMap(QualityWords.hashes))
        state = Mutex((ShinglePostings(), FactIndex()))
        insert(keys)
    }

    /// A stored card as the index needs it: its dedup key, and its question and answer for the same-fact rule.
    public struct Card: Sendable {
        public var key: String
        public var question: String
        public var answer: String

        public init(key: String, question: String, answer: String) {
            self.key = key
            self.question = question
            self.answer = answer
        }
    }

    /// An index of a topic's cards, which the same-fact rule reads as well as the near-duplicate rule.
    public convenience init(cards: some Sequence<Card>, stopWords: Set<String> = QualityRules.standard.stopWords) {
        self.init(keys: [], stopWords: stopWords)
        insert(cards: cards)
    }

    /// Adds the keys of newly stored cards; keys already held are skipped.
    public func insert(_ keys: some Sequence<String>) {
        let shingled = keys.map { ($0, Self.shingles(of: $0, stopWords: stopWords)) }
        state.withLock { state in
            for (key, shingles) in shingled { state.shingles.insert(key, shingles: shingles) }
        }
    }

    /// Adds newly stored cards, with their questions and answers; cards whose keys are held are skipped.
    public func insert(cards: some Sequence<Card>) {
        let made = cards.map {
            (
                $0.key, Self.shingles(of: $0.key, stopWords: stopWords),
                FactSignature(question: $0.question, answer: $0.answer, stopWords: stopWordTable),
                QuestionFacts.stems(of: $0.question, stopWords: stopWordTable)
            )
        }
        state.withLock { state in
            for (key, shingles, fact, stems) in made {
                state.shingles.insert(key, shingles: shingles)
                state.facts.insert(fact, as: key, questionStems: stems)
            }
        }
    }

    /// The questions held now; later insertions are not seen through it.
    public func snapshot() -> Snapshot {
        state.withLock {
            Snapshot(index: self, count: $0.shingles.count, facts: $0.facts.count, triples: $0.facts.triples)
        }
    }

    /// The index as it was when the snapshot was taken.
    public struct Snapshot: Sendable {
        let index: TopicQuestionIndex
        let count: Int
        let facts: Int
        /// The letter-triple counts of the cards then held (a copy: later insertions change the index's).
        let triples: TripleCounts

        func match(_ shingles: Shingles, threshold: Double) -> NearDuplicateMatch? {
            index.state.withLock { $0.shingles.match(shingles, threshold: threshold, among: count) }
        }

        func sameFact(
            _ fact: FactSignature, threshold: Double, weights: (Int) -> Double
        ) -> NearDuplicateMatch? {
            index.state.withLock {
                $0.facts.match(
                    fact, threshold: threshold, among: facts, stopWords: index.stopWordTable, weights: weights)
            }
        }

        func card(_ key: String) -> FactSignature? {
            index.state.withLock { $0.facts.card(key, among: facts) }
        }

        /// The held cards that state the fact of `question` and `answer` in every way but wording: their answers
        /// agree, and the questions hold the same numbers, ask for the same kind of answer and name no different
        /// things. What the wording measure would then decide, a comparison by meaning (embeddings) decides
        /// instead. Their dedup keys and questions.
        public func sameFactCandidates(question: String, answer: String) -> [(key: String, question: String)] {
            let fact = FactSignature(question: question, answer: answer, stopWords: index.stopWordTable)
            return index.state.withLock {
                $0.facts.sameFactApartFromWording(fact, among: facts, stopWords: index.stopWordTable)
            }.map { (key: $0.text, question: $0.question) }
        }

        /// Whether two cards (a batch's own, not yet held) state one fact in every way but wording, as
        /// ``sameFactCandidates(question:answer:)`` decides.
        public func sameFactApartFromWording(
            _ first: (question: String, answer: String), _ second: (question: String, answer: String)
        ) -> Bool {
            let stopWords = index.stopWordTable
            let one = FactSignature(question: first.question, answer: first.answer, stopWords: stopWords)
            let other = FactSignature(question: second.question, answer: second.answer, stopWords: stopWords)
            return max(one.answer.count, other.answer.count) <= FactIndex.answerMaxWords
                && one.answerAgrees(with: other)
                && FactIndex.sameFact(
                    one.questionFacts(stopWords: stopWords), other.questionFacts(stopWords: stopWords))
        }
    }

    /// A key's shingles as `QualityPass` makes a question's: its content words and numbers.
    static func shingles(of key: String, stopWords: WordHashSet) -> Shingles {
        let words = QualityWords(key)
        return Shingles(words.contentWords(stopWords: stopWords), numbers: words.numbers)
    }
}
