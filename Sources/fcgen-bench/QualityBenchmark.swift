import FCCore
import FCSanitizer
import Foundation

/// The quality rules against labelled cards: recall on deliberately bad cards (each must trip the rule it was
/// written for) and false flags on good ones (the offline fixtures' cards plus hand-written ones).
///
/// The corpora are the files `Tests/FCSanitizerTests/QualityCorpus/{bad,good}-cards.json`, which
/// `QualityCorpusTests` holds to the same goals. Fixture cards that break a rule on purpose are listed in the bad
/// corpus (with their `source`) and count there, not as good cards.
enum QualityBenchmark {
    static let name = "quality"

    static let benchmark = Benchmark(
        name: name,
        summary: "quality rules: recall on bad cards (≥ 95 %), false flags on good cards and fixtures (≤ 5 %)"
    ) {
        let bad = try corpus("bad-cards.json")
        let good = try corpus("good-cards.json")
        let evaluation = QualityEvaluation()

        let recall = evaluation.recall(bad)
        for item in recall.missed {
            progress("\(name): missed \(item.rule?.rawValue ?? "?"): \(item.question)")
        }
        report(.init(benchmark: name, metric: "recall", value: recall.overall * 100, unit: "%", goal: .atLeast(95)))
        for (rule, counts) in recall.byRule.sorted(by: { $0.key < $1.key }) {
            let value = Double(counts.0) / Double(max(counts.1, 1)) * 100
            report(.init(benchmark: name, metric: "recall.\(rule.rawValue)", value: value, unit: "%"))
        }

        let topics = [[QualityEvaluation.reply(good)]] + (try fixtureTopics())
        let falseFlags = evaluation.falseFlags(topics: topics, knownBad: bad)
        for result in falseFlags.flagged {
            progress("\(name): false flag \(result.rules.map(\.rawValue)): \(result.question)")
        }
        let rate = Double(falseFlags.flagged.count) / Double(max(falseFlags.cards, 1)) * 100
        progress("\(name): \(bad.count) bad cards, \(falseFlags.cards) good cards")
        report(.init(benchmark: name, metric: "false_flags", value: rate, unit: "%", goal: .atMost(5)))
        try sameFact(evaluation)
    }

    /// The near-duplicate rule on `same-fact-pairs.json`: one fact asked twice in other words must be caught, two
    /// related facts must not be merged.
    private static func sameFact(_ evaluation: QualityEvaluation) throws {
        let url = root.appendingPathComponent("Tests/FCSanitizerTests/QualityCorpus/same-fact-pairs.json")
        let corpus = try JSONDecoder().decode(FactCorpus.self, from: Data(contentsOf: url))
        let found = evaluation.sameFact(corpus.paraphrases, background: corpus.all)
        for (pair, result) in zip(corpus.paraphrases, found) where !result.merged {
            progress("\(name): same fact missed: \(pair.first.question) / \(pair.second.question)")
        }
        let merged = evaluation.sameFact(corpus.distinct, background: corpus.all)
        for (pair, result) in zip(corpus.distinct, merged) where result.merged || result.other != nil {
            progress("\(name): merged: \(pair.second.question) ~ \(result.other ?? pair.first.question)")
        }
        let recall = Double(found.filter(\.merged).count) / Double(max(found.count, 1)) * 100
        let falseMerges =
            Double(merged.filter { $0.merged || $0.other != nil }.count) / Double(max(merged.count, 1)) * 100
        report(.init(benchmark: name, metric: "same_fact_recall", value: recall, unit: "%", goal: .atLeast(90)))
        report(.init(benchmark: name, metric: "false_merges", value: falseMerges, unit: "%", goal: .atMost(3)))
        // The wording part alone: the topic's questions without answers (`--existing` lines without a tab).
        let wordingOnly = evaluation.wordingOnly(corpus.paraphrases).filter { $0 }
        let wordingRecall = Double(wordingOnly.count) / Double(max(corpus.paraphrases.count, 1)) * 100
        report(.init(benchmark: name, metric: "same_fact_recall.wording_only", value: wordingRecall, unit: "%"))
    }

    /// The repository root, from this file's place in `Sources/fcgen-bench`.
    private static var root: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
    }

    static func corpus(_ file: String) throws -> [QualityCase] {
        let url = root.appendingPathComponent("Tests/FCSanitizerTests/QualityCorpus").appendingPathComponent(file)
        do {
            return try JSONDecoder().decode([QualityCase].self, from: Data(contentsOf: url))
        } catch {
            throw BenchmarkFailure("cannot read the quality corpus \(url.path): \(error)")
        }
    }

    /// Each fixture topic's replies in batch order (`choices[0].message.content` of `fixtures/<topic>/batch-*.json`).
    private static func fixtureTopics() throws -> [[String]] {
        let fixtures = root.appendingPathComponent("fixtures")
        let manager = FileManager.default
        var topics: [[String]] = []
        for topic in try manager.contentsOfDirectory(atPath: fixtures.path).sorted() {
            let directory = fixtures.appendingPathComponent(topic)
            guard let files = try? manager.contentsOfDirectory(atPath: directory.path) else { continue }
            let replies = try files.filter { $0.hasPrefix("batch-") && $0.hasSuffix(".json") }.sorted().map {
                let data = try Data(contentsOf: directory.appendingPathComponent($0))
                return try JSONDecoder().decode(Envelope.self, from: data).choices.first?.message.content ?? ""
            }
            if !replies.isEmpty { topics.append(replies) }
        }
        guard !topics.isEmpty else { throw BenchmarkFailure("no fixture replies under \(fixtures.path)") }
        return topics
    }

    private struct Envelope: Decodable {
        struct Choice: Decodable {
            struct Message: Decodable { var content: String? }
            var message: Message
        }
        var choices: [Choice]
    }
}
