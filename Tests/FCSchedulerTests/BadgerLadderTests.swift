import FCCore
import FCScheduler
import Foundation
import Testing

/// A run of Good answers at the default difficulty climbs the classic ladder (the spec's calibration target).
struct BadgerLadderTests {
    /// The spec's rungs after the first one-day interval, in days (before fuzz).
    static let rungs: [ClosedRange<Double>] = [3...4, 7...10, 21...28, 60...91, 150...210, 300...450]

    static func unfuzzed() throws -> BadgerScheduler {
        try BadgerScheduler(parameters: BadgerParameters(enableFuzzing: false))
    }

    @Test func goodAnswersClimbTheClassicLadder() throws {
        // Good on the new card (10-minute step), Good again (graduates: 1 day), then six on-time Goods.
        let outcomes = try Self.unfuzzed().answerOnTime(Array(repeating: .good, count: 8))
        #expect(outcomes[0].card.phase == .learning)
        #expect(outcomes[0].interval == 600)
        #expect(outcomes[1].card.phase == .review)
        #expect(outcomes[1].interval == TestTime.day)
        let intervals = outcomes.dropFirst(2).map { $0.interval / TestTime.day }
        #expect(intervals.count == Self.rungs.count)
        for (interval, rung) in zip(intervals, Self.rungs) {
            #expect(rung.contains(interval), "interval \(interval) days is outside \(rung)")
        }
        #expect(outcomes.allSatisfy { $0.card.difficulty == 0.4 })
    }

    @Test func ladderMatchesTheDocumentedValues() throws {
        let outcomes = try Self.unfuzzed().answerOnTime(Array(repeating: .good, count: 8))
        let stabilities = outcomes.dropFirst(1).compactMap(\.card.stability)
        let documented = [1.0, 3.2, 9.47, 26.1, 67.5, 165.0, 383.0]
        for (actual, expected) in zip(stabilities, documented) {
            #expect(abs(actual - expected) / expected < 0.01, "stability \(actual), documented \(expected)")
        }
    }

    @Test(arguments: 0..<50)
    func fuzzKeepsEachRungWithinTenPercent(seed: UInt64) throws {
        let plain = try Self.unfuzzed().answerOnTime(Array(repeating: .good, count: 8))
        let fuzzed = BadgerScheduler().answerOnTime(Array(repeating: .good, count: 8), seed: seed)
        for (exact, jittered) in zip(plain.dropFirst(), fuzzed.dropFirst()) {
            // Fuzz moves due dates only: reviews within the fuzz window count as on time, so S is unchanged.
            #expect(jittered.card.stability == exact.card.stability)
            let ratio = jittered.interval / exact.interval
            #expect(ratio >= 0.9 - 1e-9 && ratio <= 1.1 + 1e-9, "ratio \(ratio)")
        }
    }

    @Test func easierRatingsGrowFaster() throws {
        let scheduler = try Self.unfuzzed()
        var generator = SplitMix64(seed: 0)
        let card = CardState(
            phase: .review, stability: 10, difficulty: 0.4, due: TestTime.days(10), lastReview: TestTime.start)
        let grown = [Rating.difficult, .good, .easy].map {
            scheduler.review(card, rating: $0, at: card.due, using: &generator).card.stability ?? 0
        }
        #expect(grown[0] > 10)
        #expect(grown[0] < grown[1])
        #expect(grown[1] < grown[2])
    }

    @Test func hardestCardsStillGrow() throws {
        let scheduler = try Self.unfuzzed()
        var generator = SplitMix64(seed: 0)
        let card = CardState(
            phase: .review, stability: 10, difficulty: 1.0, due: TestTime.days(10), lastReview: TestTime.start)
        let outcome = scheduler.review(card, rating: .good, at: card.due, using: &generator)
        #expect((outcome.card.stability ?? 0) > 15)
    }
}
