import FCSanitizer
import Foundation
import Testing

/// The near-duplicate rule on cards that state one fact in other words (issue 28's figures: recall ≥ 90 % on the
/// paraphrases, false merges ≤ 3 % on related but different facts), each pair in a topic holding the corpus's
/// other cards.
struct SameFactCorpusTests {
    struct Corpus: Decodable {
        var paraphrases: [FactPair]
        var distinct: [FactPair]
    }

    static func corpus() throws -> Corpus {
        let url = QualityCorpusTests.directory.appendingPathComponent("QualityCorpus/same-fact-pairs.json")
        return try JSONDecoder().decode(Corpus.self, from: Data(contentsOf: url))
    }

    static func background(_ corpus: Corpus) -> [FactPair] {
        corpus.paraphrases + corpus.distinct
    }

    @Test func theCorpusHoldsAtLeastSixtyPairsOfEachKind() throws {
        let corpus = try Self.corpus()
        #expect(corpus.paraphrases.count >= 60)
        #expect(corpus.distinct.count >= 60)
    }

    @Test func recallOnParaphrasesIsAtLeast90Percent() throws {
        let corpus = try Self.corpus()
        let results = QualityEvaluation().sameFact(corpus.paraphrases, background: Self.background(corpus))
        let missed = zip(corpus.paraphrases, results).filter { !$1.merged }.map(\.0.second.question)
        let recall = Double(results.count - missed.count) / Double(results.count)
        #expect(recall >= 0.9, "recall \(recall); missed: \(missed)")
    }

    @Test func falseMergesOnDistinctFactsAreAtMost3Percent() throws {
        let corpus = try Self.corpus()
        let results = QualityEvaluation().sameFact(corpus.distinct, background: Self.background(corpus))
        let merged = zip(corpus.distinct, results).filter { $1.merged || $1.other != nil }
            .map { "\($0.0.second.question) ~ \($0.1.other ?? $0.0.first.question)" }
        let rate = Double(merged.count) / Double(results.count)
        #expect(rate <= 0.03, "false merges \(rate): \(merged)")
    }

    @Test func theWordedRuleAloneMissesMostParaphrases() throws {
        // The figure before the same-fact part: shingles alone (answers unknown to the topic's keys).
        let corpus = try Self.corpus()
        var hits = 0
        for pair in corpus.paraphrases {
            let item = QualityCase(type: "question", question: pair.second.question, answer: pair.second.answer)
            var withExisting = item
            withExisting.existing = [pair.first.question]
            if QualityEvaluation().rules(firedBy: withExisting).contains(.nearDuplicate) { hits += 1 }
        }
        #expect(Double(hits) / Double(corpus.paraphrases.count) < 0.5, "\(hits) of \(corpus.paraphrases.count)")
    }
}
