import FCSanitizer
import Foundation
import Testing

/// The near-duplicate rule on cards that state one fact in other words (issue 28's figures: recall ≥ 90 % on the
/// paraphrases, false merges ≤ 3 % on related but different facts), each pair in a topic holding the corpus's
/// other cards.
struct SameFactCorpusTests {
    static func corpus() throws -> FactCorpus {
        let url = QualityCorpusTests.directory.appendingPathComponent("QualityCorpus/same-fact-pairs.json")
        return try JSONDecoder().decode(FactCorpus.self, from: Data(contentsOf: url))
    }

    @Test func theCorpusHoldsAtLeastSixtyPairsOfEachKind() throws {
        let corpus = try Self.corpus()
        #expect(corpus.paraphrases.count >= 60)
        #expect(corpus.distinct.count >= 60)
    }

    @Test func recallOnParaphrasesIsAtLeast90Percent() throws {
        let corpus = try Self.corpus()
        let results = QualityEvaluation().sameFact(corpus.paraphrases, background: corpus.all)
        let missed = zip(corpus.paraphrases, results).filter { !$1.merged }.map(\.0.second.question)
        let recall = Double(results.count - missed.count) / Double(results.count)
        #expect(recall >= 0.9, "recall \(recall); missed: \(missed)")
    }

    @Test func falseMergesOnDistinctFactsAreAtMost3Percent() throws {
        let corpus = try Self.corpus()
        let results = QualityEvaluation().sameFact(corpus.distinct, background: corpus.all)
        let merged = zip(corpus.distinct, results).filter { $1.merged || $1.other != nil }
            .map { "\($0.0.second.question) ~ \($0.1.other ?? $0.0.first.question)" }
        let rate = Double(merged.count) / Double(results.count)
        #expect(rate <= 0.03, "false merges \(rate): \(merged)")
    }

    @Test func theWordedRuleAloneMissesMostParaphrases() throws {
        // The figure before the same-fact part: shingles alone (answers unknown to the topic's keys).
        let corpus = try Self.corpus()
        let hits = QualityEvaluation().wordingOnly(corpus.paraphrases).filter { $0 }.count
        #expect(Double(hits) / Double(corpus.paraphrases.count) < 0.5, "\(hits) of \(corpus.paraphrases.count)")
    }
}
