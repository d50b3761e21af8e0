import FCCore
import Foundation
import Testing

@testable import FCScheduler

/// FSRS beyond the vectors: fuzz (off by default, deterministic and bounded when on) and validation.
struct FSRSBehaviourTests {
    /// A generator that counts how often it is asked for a value.
    struct CountingGenerator: RandomNumberGenerator {
        var inner = SplitMix64(seed: 0)
        var calls = 0
        mutating func next() -> UInt64 {
            calls += 1
            return inner.next()
        }
    }

    static let ratings: [Rating] = [.good, .good, .good, .good, .easy, .good, .difficult, .good, .good]

    @Test func fuzzIsOffByDefaultAndDrawsNothing() {
        var generator = CountingGenerator()
        var card = CardState(newAt: TestTime.start)
        for rating in Self.ratings {
            card = FSRSScheduler().review(card, rating: rating, at: card.due, using: &generator).card
        }
        #expect(generator.calls == 0)
    }

    @Test func fuzzIsDeterministicForASeedAndStaysInPyFSRSBounds() throws {
        let plain = FSRSScheduler().answerOnTime(Self.ratings)
        let fuzzy = try FSRSScheduler(parameters: FSRSParameters(enableFuzzing: true))
        let first = fuzzy.answerOnTime(Self.ratings, seed: 11)
        #expect(first.map(\.card.due) == fuzzy.answerOnTime(Self.ratings, seed: 11).map(\.card.due))
        #expect(first.map(\.card.due) != plain.map(\.card.due))
        for outcome in first where outcome.card.phase == .review {
            let days = Int(outcome.interval / TestTime.day)
            #expect(outcome.interval == Double(days) * TestTime.day)
            #expect(days >= 1 && days <= 36_500)
        }
    }

    @Test(arguments: [3, 7, 20, 100, 1_000, 36_500])
    func fuzzedDaysStayWithinTheirRange(days: Int) {
        let bounds = FSRSFuzz.bounds(days: days, maximumInterval: 36_500)
        var generator = SplitMix64(seed: UInt64(days))
        var seen = Set<Int>()
        for _ in 0..<1_000 {
            let fuzzed = FSRSFuzz.fuzzedDays(days, maximumInterval: 36_500, using: &generator)
            #expect(bounds.contains(fuzzed) || fuzzed == bounds.upperBound + 1)
            #expect(fuzzed <= 36_500)
            seen.insert(fuzzed)
        }
        #expect(seen.count > 1)
        #expect(FSRSFuzz.fuzzedDays(2, maximumInterval: 36_500, using: &generator) == 2)
    }

    @Test func sameDayBoundaryIsTwentyFourHours() {
        var generator = SplitMix64(seed: 0)
        let scheduler = FSRSScheduler()
        let graduated = scheduler.review(
            CardState(newAt: TestTime.start), rating: .easy, at: TestTime.start, using: &generator)
        let before = scheduler.review(
            graduated.card, rating: .good, at: TestTime.start.addingTimeInterval(86_399), using: &generator)
        let after = scheduler.review(
            graduated.card, rating: .good, at: TestTime.start.addingTimeInterval(86_400), using: &generator)
        #expect(before.elapsedDays == 0 && after.elapsedDays == 1)
        // Same day: the short-term formula, whose Good multiplier is floored at 1 (stability stays at w3 or grows).
        #expect((before.card.stability ?? 0) >= 8.2956)
        #expect(before.card.stability != after.card.stability)
    }

    @Test func parametersAreValidated() {
        #expect(throws: SchedulerError.self) { try FSRSScheduler(parameters: FSRSParameters(weights: [1, 2, 3])) }
        #expect(throws: SchedulerError.self) { try FSRSScheduler(parameters: FSRSParameters(desiredRetention: 1)) }
        let error = SchedulerError.invalidParameter(algorithm: .fsrs, name: "w3", problem: "must be positive")
        #expect(error.description == "fsrs parameter w3: must be positive")
    }
}
