/// Cards kept for the same-fact rule, indexed by their answers: a new card is compared only with cards whose answer
/// could agree with its own (``FactSignature/answerAgrees(with:)``), so the cost follows how many cards share its
/// answer's words, not the topic's size.
///
/// Two answers agree when the shorter's words appear side by side in the longer, which is at most twice as long
/// or a name of at most three words.
/// A card whose answer holds the new one's holds its rarest word: one posting list per word. A card whose answer
/// the new one holds has a run of the new answer's words as its whole answer: one list per whole answer, looked up
/// for each run. Words are indexed by their first four letters (numbers whole), which two words
/// ``FactWords/same(_:_:)`` calls one always share.
///
/// It also counts, per letter triple of the questions' content words, how many questions hold it: the inverse
/// document frequency that makes a rare shared word ("Rubicon") weigh more than a common one ("Rome") when
/// wordings are compared. Add-only; a snapshot reads the first `count` cards and the counts as they were.
///
/// A batch's few cards are better scanned than indexed (``init(scansLinearly:)``): comparing a card with fifteen
/// others costs less than hashing its words into the tables, and finds the same cards, since every card whose
/// answer agrees is among the index's candidates.
struct FactIndex: Sendable {
    private(set) var cards: [FactSignature] = []
    /// Whether ``agreeing(_:among:)`` compares with every card instead of keeping the tables below.
    private let scansLinearly: Bool
    /// What a match reports for each card: the question, or a topic card's dedup key.
    private var texts: [String] = []
    /// Each card's place by its text, for looking a card up.
    private var places: [String: Int32] = [:]
    /// A word's key → the cards whose answer holds it, ascending.
    private var words: [String: [Int32]] = [:]
    /// The hash of a whole answer's keys → the cards with that answer, ascending (a collision only adds a
    /// candidate, which the comparison rejects).
    private var answers: [Int: [Int32]] = [:]
    private(set) var triples = TripleCounts()

    /// Answers with more content words than this are explanations, not facts; the rule leaves them alone.
    static let answerMaxWords = 8

    var count: Int { cards.count }

    init(scansLinearly: Bool = false) {
        self.scansLinearly = scansLinearly
    }

    /// Adds a card; `questionStems`, when given, count towards the letter triples' weights (the topic's cards give
    /// them; a batch's few cards do not, so a batch card's question is read only when it is compared).
    mutating func insert(_ card: FactSignature, as text: String, questionStems: [String]? = nil) {
        guard !card.answer.isEmpty, card.answer.count <= Self.answerMaxWords, let id = Int32(exactly: cards.count),
            scansLinearly ? !texts.contains(text) : places[text] == nil
        else { return }
        cards.append(card)
        texts.append(text)
        if scansLinearly { return }
        places[text] = id
        let keys = card.answer.map(Self.key)
        for key in Set(keys) { words[key, default: []].append(id) }
        answers[Self.hash(keys[...]), default: []].append(id)
        if let questionStems { triples.add(questionStems) }
    }

    /// The card held as `text`, among the first `limit`.
    func card(_ text: String, among limit: Int) -> FactSignature? {
        let place = scansLinearly ? texts.firstIndex(of: text).map { Int32($0) } : places[text]
        guard let id = place, Int(id) < limit else { return nil }
        return cards[Int(id)]
    }

    private static func hash(_ keys: ArraySlice<String>) -> Int {
        var hasher = Hasher()
        for key in keys { hasher.combine(key) }
        return hasher.finalize()
    }

    /// A number whole, any other word its first four letters.
    private static func key(_ word: String) -> String {
        // ASCII: a digit is the only ASCII number, and four ASCII bytes followed by another (or by nothing) are
        // four whole characters.
        let utf8 = word.utf8
        if let first = utf8.first, first < 0x80, utf8.prefix(5).allSatisfy({ $0 < 0x80 }) {
            return ASCII.isDigit(first) || utf8.count <= 4 ? word : String(decoding: utf8.prefix(4), as: UTF8.self)
        }
        return word.first?.isNumber ?? false ? word : String(word.prefix(4))
    }

    /// The card among the first `limit` that states the same fact as `query`, most alike in wording first.
    func match(
        _ query: FactSignature, threshold: Double, among limit: Int, stopWords: Set<String>,
        weights: (Int) -> Double
    ) -> NearDuplicateMatch? {
        var best: NearDuplicateMatch?
        var asked: QuestionFacts?
        for id in agreeing(query, among: limit) {
            let queryFacts = asked ?? query.questionFacts(stopWords: stopWords)
            asked = queryFacts
            guard
                let similarity = Self.similarity(
                    queryFacts, cards[Int(id)].questionFacts(stopWords: stopWords), threshold: threshold,
                    weights: weights)
            else { continue }
            if let best, similarity <= best.similarity { continue }
            best = NearDuplicateMatch(text: texts[Int(id)], similarity: similarity)
        }
        return best
    }

    /// The cards among the first `limit` that state `query`'s fact in every way but wording (``sameFact(_:_:)``),
    /// as held (their texts) and with their questions, in the order they were added.
    func sameFactApartFromWording(_ query: FactSignature, among limit: Int, stopWords: Set<String>) -> [(
        text: String, question: String
    )] {
        let ids = agreeing(query, among: limit)
        guard !ids.isEmpty else { return [] }
        let queryFacts = query.questionFacts(stopWords: stopWords)
        return ids.compactMap { id in
            let card = cards[Int(id)]
            guard Self.sameFact(queryFacts, card.questionFacts(stopWords: stopWords)) else { return nil }
            return (texts[Int(id)], card.question)
        }
    }

    /// The cards among the first `limit` whose answers agree with `query`'s, ascending, each once.
    private func agreeing(_ query: FactSignature, among limit: Int) -> [Int32] {
        let size = query.answer.count
        guard size > 0, size <= Self.answerMaxWords else { return [] }
        if scansLinearly {
            return (0..<Int32(min(limit, cards.count))).filter { query.answerAgrees(with: cards[Int($0)]) }
        }
        let keys = query.answer.map(Self.key)
        var candidates: [Int32] = []
        // Longer answers holding the query's: each holds its rarest word.
        if let rarest = Set(keys).map({ words[$0] ?? [] }).min(by: { $0.count < $1.count }) {
            for id in rarest {
                if Int(id) >= limit { break }
                let length = cards[Int(id)].answer.count
                if length > size && FactSignature.mayAgree(short: size, long: length) { candidates.append(id) }
            }
        }
        // Answers the query's holds, as long or long enough: runs of its words.
        for length in 1...size where FactSignature.mayAgree(short: length, long: size) {
            for start in 0...(size - length) {
                for id in answers[Self.hash(keys[start..<start + length])] ?? [] {
                    if Int(id) >= limit { break }
                    candidates.append(id)
                }
            }
        }
        candidates.sort()
        var agreeing: [Int32] = []
        var previous: Int32 = -1
        for id in candidates where id != previous {
            previous = id
            if query.answerAgrees(with: cards[Int(id)]) { agreeing.append(id) }
        }
        return agreeing
    }

    /// How alike the two questions' wording is, when the cards state the same fact and it reaches `threshold`.
    static func similarity(
        _ first: QuestionFacts, _ second: QuestionFacts, threshold: Double, weights: (Int) -> Double
    ) -> Double? {
        guard sameFact(first, second) else { return nil }
        let similarity = TripleCounts.cosine(first.stems, second.stems, weights: weights)
        return similarity >= threshold ? similarity : nil
    }

    /// Whether two questions whose cards' answers agree ask the same fact but for their wording: the same numbers,
    /// the same kind of answer, no different names.
    static func sameFact(_ first: QuestionFacts, _ second: QuestionFacts) -> Bool {
        first.numbers == second.numbers && AskedFor.compatible(first.askedFor, second.askedFor)
            && !first.namesDiffer(from: second)
    }
}

/// How many questions hold each letter triple of their content words (each word padded with a space at both ends,
/// so "rome" gives " ro", "rom", "ome", "me "). A triple is its three scalars packed into one `Int` (21 bits each),
/// so counting a topic's questions makes no strings.
struct TripleCounts: Sendable {
    private(set) var questions = 0
    private(set) var counts: [Int: Int] = [:]

    mutating func add(_ stems: [String]) {
        questions += 1
        for triple in Set(Self.triples(stems)) { counts[triple, default: 0] += 1 }
    }

    func count(_ triple: Int) -> Int { counts[triple] ?? 0 }

    static func triples(_ stems: [String]) -> [Int] {
        var triples: [Int] = []
        for stem in stems {
            var first: UInt32 = 0
            var second: UInt32 = 0x20
            var length = 0
            for value in stem.unicodeScalars.lazy.map(\.value) + [0x20] {
                length += 1
                if length >= 2 { triples.append(Int(first) << 42 | Int(second) << 21 | Int(value)) }
                first = second
                second = value
            }
        }
        return triples
    }

    /// Smoothed inverse document frequency over `questions` holding `count`.
    static func weight(questions: Int, holding count: Int) -> Double {
        naturalLog(Double(questions + 1) / Double(count + 1)) + 1
    }

    /// ln x for x ≥ 1 without Foundation (this module imports nothing): x = m · 2^e with m in [1, 2), and
    /// ln m = 2 · atanh((m − 1) / (m + 1)), whose series converges fast there.
    static func naturalLog(_ x: Double) -> Double {
        let ln2 = 0.693_147_180_559_945_3
        let z = (x.significand - 1) / (x.significand + 1)
        var term = z
        var sum = 0.0
        for power in stride(from: 1, through: 21, by: 2) {
            sum += term / Double(power)
            term *= z * z
        }
        return Double(x.exponent) * ln2 + 2 * sum
    }

    /// Cosine of the two word lists' triple vectors, each triple weighted.
    static func cosine(_ first: [String], _ second: [String], weights: (Int) -> Double) -> Double {
        func vector(_ stems: [String]) -> [Int: Double] {
            var vector: [Int: Double] = [:]
            for triple in triples(stems) { vector[triple, default: 0] += 1 }
            for (triple, count) in vector { vector[triple] = count * weights(triple) }
            return vector
        }
        let left = vector(first)
        let right = vector(second)
        let dot = left.reduce(0.0) { $0 + $1.value * (right[$1.key] ?? 0) }
        let norms =
            left.values.reduce(0.0) { $0 + $1 * $1 }.squareRoot()
            * right.values.reduce(0.0) { $0 + $1 * $1 }.squareRoot()
        return norms > 0 ? dot / norms : 0
    }
}
