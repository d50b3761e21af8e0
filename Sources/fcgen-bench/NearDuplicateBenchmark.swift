import FCCore
import FCSanitizer
import Foundation

/// The near-duplicate rule in a big topic: 15-card batches checked against the 100,000 stored cards of one topic,
/// through the topic's ``TopicQuestionIndex`` (built once, as a generation run keeps it) and, for comparison, from
/// the keys alone (each batch shingles every stored question again, as the sanitizer did before the index).
///
/// The stored questions and the batches come from ``CardTextGenerator`` (distinct subjects, so no exact duplicate;
/// a batch question sharing three of its four subject slots with a stored one is a near-duplicate, and some are).
/// Both ways must give the same cards and drops for every batch. The figure held to its goal is the pipeline's
/// path: an index of the stored cards with their answers, which the same-fact part of the rule reads too.
enum NearDuplicateBenchmark {
    static let name = "near-duplicate"
    static let topicCards = 100_000
    static let batches = 40
    /// Batches also sanitized without the index: each costs a pass over every stored key.
    static let unindexedBatches = 5

    static let benchmark = Benchmark(
        name: name,
        summary: "one 15-card batch against \(topicCards) cards of one topic, indexed and not, ms per batch"
    ) {
        var generator = CardTextGenerator(seed: 3)
        let stored = (0..<topicCards).map {
            let card = generator.card($0)
            return TopicQuestionIndex.Card(
                key: DedupKey.make(card.question), question: card.question, answer: card.answer)
        }
        let keys = Set(stored.map(\.key))
        guard keys.count == topicCards else { throw BenchmarkFailure("\(keys.count) distinct keys") }
        let clock = ContinuousClock()
        let built = clock.now
        let index = TopicQuestionIndex(cards: stored)
        let buildSeconds = (clock.now - built).seconds
        let snapshot = index.snapshot()
        let wordingBuilt = clock.now
        let wordingOnly = TopicQuestionIndex(keys: keys).snapshot()
        let wordingSeconds = (clock.now - wordingBuilt).seconds
        let replies = ReplyCorpus.clean(count: batches, seed: 4, firstCard: topicCards)
        let sanitizer = Sanitizer()

        var indexed: [Double] = []
        var reports: [SanitizerReport] = []
        var flagged = 0
        for reply in replies {
            let start = clock.now
            let report = sanitizer.sanitize(reply.text, existingKeys: keys, questions: snapshot)
            indexed.append((clock.now - start).seconds * 1_000)
            flagged += report.quality[.nearDuplicate].map { $0.dropped + $0.kept } ?? 0
            reports.append(sanitizer.sanitize(reply.text, existingKeys: keys, questions: wordingOnly))
        }
        var unindexed: [Double] = []
        for (reply, expected) in zip(replies, reports).prefix(unindexedBatches) {
            let start = clock.now
            let report = sanitizer.sanitize(reply.text, existingKeys: keys)
            unindexed.append((clock.now - start).seconds * 1_000)
            guard report.cards == expected.cards, report.qualityDropped == expected.qualityDropped else {
                throw BenchmarkFailure("the index and the keys alone disagree on a batch")
            }
        }
        // With `embedding_model`: the stored cards a batch's kept cards are compared with by meaning (each one's
        // vector read by key and one dot product), and the time to choose them.
        var candidateCounts: [Int] = []
        var choosing: [Double] = []
        for report in reports {
            let start = clock.now
            let count = report.cards.reduce(0) {
                $0 + snapshot.sameFactCandidates(question: $1.question, answer: $1.answer).count
            }
            choosing.append((clock.now - start).seconds * 1_000)
            candidateCounts.append(count)
        }
        candidateCounts.sort()
        choosing.sort()
        indexed.sort()
        unindexed.sort()
        progress(
            "\(name): index of \(topicCards) cards with their answers built in \(String(format: "%.3f", buildSeconds)) s; "
                + "\(batches) batches, \(flagged) near-duplicates found")
        report(
            .init(
                benchmark: name, metric: "batch.median", value: indexed[indexed.count / 2], unit: "ms",
                goal: .atMost(50)))
        report(.init(benchmark: name, metric: "batch.max", value: indexed.last ?? 0, unit: "ms"))
        report(
            .init(benchmark: name, metric: "unindexed.batch.median", value: unindexed[unindexed.count / 2], unit: "ms"))
        report(
            .init(
                benchmark: name, metric: "meaning.candidates.median",
                value: Double(candidateCounts[candidateCounts.count / 2]),
                unit: "cards"))
        report(
            .init(
                benchmark: name, metric: "meaning.candidates.max", value: Double(candidateCounts.last ?? 0),
                unit: "cards"))
        report(.init(benchmark: name, metric: "meaning.choose.median", value: choosing[choosing.count / 2], unit: "ms"))
        report(.init(benchmark: name, metric: "index.build", value: buildSeconds, unit: "s"))
        report(.init(benchmark: name, metric: "index.build.wording_only", value: wordingSeconds, unit: "s"))
    }
}
