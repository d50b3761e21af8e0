import FCCore
import FCGamification
import Foundation
import Testing

/// Mystery boxes: rarity shares, payouts within range, boxes per session, persistence until opened.
struct MysteryBoxTests {
    let boxes = BoxRules.default

    @Test func rarityShareIsWithinOnePercentOverAHundredThousandDraws() {
        var generator = SplitMix64(seed: 2026)
        var counts: [Rarity: Int] = [:]
        let draws = 100_000
        for _ in 0..<draws { counts[boxes.drawRarity(using: &generator), default: 0] += 1 }
        let targets: [Rarity: Double] = [.common: 0.50, .rare: 0.30, .epic: 0.15, .legendary: 0.05]
        for rarity in Rarity.allCases {
            let share = Double(counts[rarity, default: 0]) / Double(draws)
            #expect(abs(share - (targets[rarity] ?? 0)) <= 0.01, "\(rarity): \(share)")
        }
    }

    @Test func everyPayoutLiesInItsRarityRange() throws {
        var generator = SplitMix64(seed: 99)
        for rarity in Rarity.allCases {
            let range = try #require(boxes.payouts[rarity])
            var seen = Set<Int>()
            for _ in 0..<20_000 {
                let xp = boxes.drawPayout(for: rarity, using: &generator)
                #expect(range.contains(xp))
                seen.insert(xp)
            }
            #expect(seen.min() == range.lowerBound && seen.max() == range.upperBound)
        }
    }

    @Test func rangesRiseWithRarity() throws {
        let ranges = try Rarity.allCases.map { try #require(boxes.payouts[$0]) }
        for (lower, higher) in zip(ranges, ranges.dropFirst()) { #expect(lower.upperBound < higher.lowerBound) }
    }

    @Test(arguments: [
        (0, 0, 0), (1, 0, 3), (10, 7, 3), (10, 8, 4), (20, 10, 4), (20, 16, 5), (100, 100, 5),
    ])
    func sessionsEarnThreeToFiveBoxes(cards: Int, correct: Int, expected: Int) {
        let summary = SessionSummary(
            sessionID: 1, queueSize: cards, cardsReviewed: cards, correct: correct, perfect: 0, duration: 60,
            topicIDs: [])
        #expect(boxes.boxCount(for: summary) == expected)
    }

    @Test func unopenedBoxesPersistAndOpeningPaysFromTheRange() throws {
        var learner = Learner()
        let time = instant("2026-03-08T10:00:00Z")
        let earned = learner.apply(session(11, cards: 5, correct: 3), at: time)
        #expect(earned.filter { $0.kind == "box" }.count == 3)
        #expect(earned.filter { $0.kind == "box" }.allSatisfy { $0.xp == 0 })
        // Persisting the state and reading it back keeps the boxes.
        let data = try JSONEncoder().encode(learner.state)
        learner.state = try JSONDecoder().decode(GamificationState.self, from: data)
        #expect(learner.state.unopenedBoxes.map(\.id) == ["11:1", "11:2", "11:3"])
        let box = learner.state.unopenedBoxes[1]
        let opened = try #require(learner.apply(.boxOpened(boxID: box.id), at: time).first)
        #expect(opened.key == "box_open:11:2")
        #expect(try #require(boxes.payouts[box.rarity]).contains(opened.xp))
        #expect(learner.state.unopenedBoxes.map(\.id) == ["11:1", "11:3"])
    }
}
