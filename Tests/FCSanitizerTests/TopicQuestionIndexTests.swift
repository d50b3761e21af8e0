import FCCore
import Foundation
import Testing

@testable import FCSanitizer

/// The topic's near-duplicate index finds what comparing a question with every stored one finds (the sanitizer's
/// way before the index), sees only what its snapshot held, and is ignored by rules with other stop words.
struct TopicQuestionIndexTests {
    static let stopWords = QualityChecker(rules: .standard).stopWords

    /// Questions on few subjects, so that many share words and pairs, some reach the threshold, some tie.
    static func questions(count: Int, seed: Int) -> [String] {
        let openings = ["Who was", "What was", "Why did", "When did", "Which", "How did"]
        let people = ["Caesar", "Augustus", "Nero", "Trajan", "Hadrian"]
        let verbs = ["reform", "rule", "defend", "expand", "tax"]
        let things = ["the senate", "Gaul", "the legions", "Rome", "the coinage", "the empire"]
        let tails = ["", " first", " in 44 BC", " after the war", " of Rome", " again"]
        return (0..<count).map { index in
            var state = UInt64(truncatingIfNeeded: index &* 2_654_435_761 &+ seed &* 40_503)
            func pick(_ list: [String]) -> String {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                return list[Int(state >> 33) % list.count]
            }
            return "\(pick(openings)) \(pick(people)) \(pick(verbs)) \(pick(things))\(pick(tails))?"
        }
    }

    @Test(arguments: [0.3, 0.6, 0.8, 1.0])
    func theIndexFindsWhatComparingWithEveryQuestionFinds(threshold: Double) {
        let keys = Set(Self.questions(count: 400, seed: 1).map(DedupKey.make))
        // The sanitizer's way before the index: every key in sorted order, the first of the most similar wins.
        var everyQuestion = NearDuplicateIndex()
        var postings = ShinglePostings()
        for key in keys.sorted() {
            let shingles = TopicQuestionIndex.shingles(of: key, stopWords: Self.stopWords)
            everyQuestion.insert(shingles, text: key)
            postings.insert(key, shingles: shingles)
        }
        var found = 0
        for question in Self.questions(count: 300, seed: 2) {
            let shingles = TopicQuestionIndex.shingles(of: question, stopWords: Self.stopWords)
            let expected = everyQuestion.match(shingles, threshold: threshold)
            let actual = postings.match(shingles, threshold: threshold, among: .max)
            #expect(actual?.text == expected?.text, "\(question)")
            #expect(actual?.similarity == expected?.similarity)
            if expected != nil { found += 1 }
        }
        #expect(found > 0)
    }

    /// The near-duplicate pass as the sanitizer ran it before the index: every key of the topic shingled again and
    /// compared, in sorted order, then the batch's earlier kept questions; the first of the most similar wins.
    /// - Returns: each dropped question and the question or key it resembles.
    static func allPairs(_ cards: [CardDraft], keys: Set<String>, threshold: Double) -> [String: String] {
        var index = NearDuplicateIndex()
        for key in keys.sorted() {
            index.insert(TopicQuestionIndex.shingles(of: key, stopWords: stopWords), text: key)
        }
        var dropped: [String: String] = [:]
        for card in cards {
            let shingles = TopicQuestionIndex.shingles(of: card.question, stopWords: stopWords)
            if let match = index.match(shingles, threshold: threshold) {
                dropped[card.question] = match.text
            } else {
                index.insert(shingles, text: card.question)
            }
        }
        return dropped
    }

    /// Batch after batch into one topic, as a generation run stores them: the sanitizer through the run's index drops
    /// the same cards, naming the same questions, as the all-pairs pass over the keys.
    @Test func aRunDropsTheSameCardsAsComparingWithEveryStoredQuestion() {
        var nearDuplicates = QualityRules.standard
        nearDuplicates.actions = [.nearDuplicate: .dropped]
        let sanitizer = Sanitizer(options: SanitizerOptions(quality: nearDuplicates))
        let reader = Sanitizer(options: SanitizerOptions(quality: .off))
        var keys = Set(Self.questions(count: 200, seed: 3).map(DedupKey.make))
        let index = TopicQuestionIndex(keys: keys)
        var dropped = 0
        // An answer too long for the same-fact part of the rule (an explanation, not a fact), so this compares the
        // wording part alone.
        let answer = "Explained at length with every emperor, reform, province, legion, tax, war and coin of the era."
        for batch in 0..<30 {
            let reply = QualityEvaluation.reply(
                Self.questions(count: 15, seed: 100 + batch).map {
                    QualityCase(type: "question", question: $0, answer: answer)
                })
            // The cards the rules see: valid, and no exact duplicate of a key or of each other.
            let cards = reader.sanitize(reply, existingKeys: keys).cards
            let expected = Self.allPairs(cards, keys: keys, threshold: nearDuplicates.nearDuplicateThreshold)
            let report = sanitizer.sanitize(reply, existingKeys: keys, questions: index.snapshot())
            let actual = Dictionary(
                uniqueKeysWithValues: report.qualityDropped.map { ($0.card.question, $0.similarTo ?? "") })
            #expect(actual == expected, "batch \(batch)")
            #expect(report.cards.map(\.question) == cards.map(\.question).filter { expected[$0] == nil })
            dropped += expected.count
            let stored = report.cards.map { DedupKey.make($0.question) }
            keys.formUnion(stored)
            index.insert(stored)
        }
        // Enough drops, from the topic and from within batches, for the comparison to mean something.
        #expect(dropped >= 30)
    }

    @Test func aSnapshotSeesTheQuestionsHeldWhenItWasTaken() {
        let index = TopicQuestionIndex(keys: [DedupKey.make("Who was the first emperor of Rome?")])
        let before = index.snapshot()
        index.insert([DedupKey.make("When did Caesar cross the Rubicon?")])
        let reply = QualityEvaluation.reply([
            QualityCase(
                type: "question", question: "In what year did Julius Caesar cross the Rubicon?", answer: "49 BC")
        ])
        #expect(Sanitizer().sanitize(reply, questions: before).cards.count == 1)
        let after = Sanitizer().sanitize(reply, questions: index.snapshot())
        #expect(after.cards.isEmpty)
        #expect(after.qualityDropped.map(\.similarTo) == ["when did caesar cross the rubicon"])
    }

    @Test func theQualityCorpusComesOutTheSameThroughTheIndex() throws {
        let bad = try QualityCorpusTests.corpus("bad-cards.json")
        let cases = bad.filter { $0.existing != nil }
        #expect(cases.count >= 3)
        for item in cases {
            let reply = QualityEvaluation.reply([item])
            let keys = Set((item.existing ?? []).map(DedupKey.make))
            let index = TopicQuestionIndex(keys: keys)
            #expect(
                Sanitizer().sanitize(reply, existingKeys: keys, questions: index.snapshot())
                    == Sanitizer().sanitize(reply, existingKeys: keys))
        }
    }

    @Test func anIndexMadeWithOtherStopWordsIsIgnored() {
        let keys: Set<String> = [DedupKey.make("When did Caesar cross the Rubicon?")]
        // Without stop words "when" and "did" count: the question below would fall under the threshold.
        let index = TopicQuestionIndex(keys: keys, stopWords: [])
        let reply = QualityEvaluation.reply([
            QualityCase(
                type: "question", question: "In what year did Julius Caesar cross the Rubicon?", answer: "49 BC")
        ])
        let report = Sanitizer().sanitize(reply, existingKeys: keys, questions: index.snapshot())
        #expect(report == Sanitizer().sanitize(reply, existingKeys: keys))
        #expect(report.cards.isEmpty)
    }
}
