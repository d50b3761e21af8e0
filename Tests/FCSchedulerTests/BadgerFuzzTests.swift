import FCCore
import Foundation
import Testing

@testable import FCScheduler

/// Badger's fuzz: deterministic for a seed, within ±10 % (±5 % from a year on), and actually spreading dates.
struct BadgerFuzzTests {
    @Test func sameSeedGivesTheSameDueDates() {
        let ratings: [Rating] = [.good, .good, .good, .difficult, .good, .easy, .fail, .good, .good]
        let first = BadgerScheduler().answerOnTime(ratings, seed: 42).map(\.card.due)
        let again = BadgerScheduler().answerOnTime(ratings, seed: 42).map(\.card.due)
        let other = BadgerScheduler().answerOnTime(ratings, seed: 43).map(\.card.due)
        #expect(first == again)
        #expect(first != other)
    }

    @Test(arguments: [1.0, 3.2, 10, 30, 60, 180, 365, 1_000, 20_000])
    func fuzzStaysWithinItsAmplitude(days: Double) {
        let amplitude = BadgerFuzz.amplitude(days: days)
        #expect(amplitude <= 0.10 && amplitude >= 0.05)
        if days <= 30 { #expect(amplitude == 0.10) }
        if days >= 365 { #expect(amplitude == 0.05) }
        var generator = SplitMix64(seed: UInt64(days * 1000))
        var lowest = Double.infinity
        var highest = -Double.infinity
        for _ in 0..<2_000 {
            let ratio = BadgerFuzz.fuzzed(days: days, using: &generator) / days
            lowest = min(lowest, ratio)
            highest = max(highest, ratio)
        }
        #expect(lowest >= 1 - amplitude - 1e-12)
        #expect(highest <= 1 + amplitude + 1e-12)
        // The spread is used, not just allowed: 2,000 draws reach close to both ends.
        #expect(lowest < 1 - amplitude * 0.9)
        #expect(highest > 1 + amplitude * 0.9)
    }

    @Test func amplitudeNarrowsSteadilyBetweenAMonthAndAYear() {
        let amplitudes = stride(from: 30.0, through: 365, by: 5).map(BadgerFuzz.amplitude(days:))
        #expect(zip(amplitudes, amplitudes.dropFirst()).allSatisfy { $0 >= $1 })
    }

    @Test func graduationIntervalIsFuzzedAroundOneDay() {
        var intervals: [Double] = []
        for seed in 0..<500 as Range<UInt64> {
            let outcomes = BadgerScheduler().answerOnTime([.easy], seed: seed)
            intervals.append(outcomes[0].interval / TestTime.day)
        }
        #expect(intervals.allSatisfy { (0.9...1.1).contains($0) })
        #expect(Set(intervals).count > 400)
    }

    @Test func learningStepsAreNotFuzzed() {
        for seed in 0..<20 as Range<UInt64> {
            #expect(BadgerScheduler().answerOnTime([.good], seed: seed)[0].interval == 600)
        }
    }
}
