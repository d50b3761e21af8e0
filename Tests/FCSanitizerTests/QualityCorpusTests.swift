import FCSanitizer
import Foundation
import Testing

/// The figures of `fcgen-bench quality`, held in CI: recall ≥ 95 % on the bad corpus, false flags ≤ 5 % on good
/// cards (the hand-written ones and every card of the offline fixtures).
struct QualityCorpusTests {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    static let fixtures = directory.deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("fixtures")

    static func corpus(_ name: String) throws -> [QualityCase] {
        let url = directory.appendingPathComponent("QualityCorpus").appendingPathComponent(name)
        return try JSONDecoder().decode([QualityCase].self, from: Data(contentsOf: url))
    }

    /// Each fixture topic's replies in batch order.
    static func fixtureTopics() throws -> [[String]] {
        let manager = FileManager.default
        return try manager.contentsOfDirectory(atPath: fixtures.path).sorted().compactMap { topic in
            let directory = fixtures.appendingPathComponent(topic)
            guard let files = try? manager.contentsOfDirectory(atPath: directory.path) else { return nil }
            return try files.filter { $0.hasPrefix("batch-") }.sorted().map {
                let data = try Data(contentsOf: directory.appendingPathComponent($0))
                let body = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
                let choice = try #require((body["choices"] as? [[String: Any]])?.first)
                return try #require((choice["message"] as? [String: Any])?["content"] as? String)
            }
        }
    }

    @Test func everyRuleHasSeveralBadCases() throws {
        let bad = try Self.corpus("bad-cards.json")
        for rule in QualityRuleID.allCases {
            #expect(bad.filter { $0.rule == rule }.count >= 5, "\(rule.rawValue)")
        }
        #expect(try Self.corpus("good-cards.json").allSatisfy { $0.rule == nil })
    }

    @Test func recallOnBadCardsIsAtLeast95Percent() throws {
        let recall = QualityEvaluation().recall(try Self.corpus("bad-cards.json"))
        #expect(recall.overall >= 0.95, "missed: \(recall.missed.map { "\($0.rule?.rawValue ?? ""): \($0.question)" })")
    }

    @Test func falseFlagsOnGoodCardsAreAtMost5Percent() throws {
        let good = try Self.corpus("good-cards.json")
        let topics = try Self.fixtureTopics()
        #expect(topics.count == 4, "Roman history, French basics, Algebra and Solar system")
        let result = QualityEvaluation().falseFlags(
            topics: [[QualityEvaluation.reply(good)]] + topics, knownBad: try Self.corpus("bad-cards.json"))
        #expect(result.cards >= good.count + 150)
        let rate = Double(result.flagged.count) / Double(result.cards)
        #expect(rate <= 0.05, "flagged: \(result.flagged.map { "\($0.rules.map(\.rawValue)): \($0.question)" })")
    }

    @Test func fixtureCardsListedAsBadReallyComeFromTheFixtures() throws {
        let listed = try Self.corpus("bad-cards.json").filter { $0.source != nil }
        #expect(!listed.isEmpty)
        let text = try Self.fixtureTopics().joined().joined()
        for item in listed {
            #expect(text.contains(item.question), "\(item.question)")
        }
    }
}
