import FCCore
import FCScheduler
import Foundation
import Testing

/// Recall targeting: neutral inside 85–90 %, stretches above, shrinks below, never beyond ±15 %.
struct RecallAdaptationTests {
    static let target = 0.85...0.90

    @Test(arguments: [nil, 0.85, 0.87, 0.90] as [Double?])
    func insideTheTargetNothingChanges(rate: Double?) {
        #expect(BadgerScheduler.adaptation(recallRate: rate, target: Self.target) == 1)
    }

    @Test func movesInTheRightDirectionAndStaysBounded() {
        let rates = stride(from: 0.0, through: 1.0, by: 0.01)
        let factors = rates.map { BadgerScheduler.adaptation(recallRate: $0, target: Self.target) }
        #expect(factors.allSatisfy { (0.85...1.15).contains($0) })
        #expect(zip(factors, factors.dropFirst()).allSatisfy { $0 <= $1 + 1e-12 })
        #expect(BadgerScheduler.adaptation(recallRate: 0.95, target: Self.target) > 1)
        #expect(BadgerScheduler.adaptation(recallRate: 0.80, target: Self.target) < 1)
        #expect(abs(BadgerScheduler.adaptation(recallRate: 1.0, target: Self.target) - 1.15) < 1e-12)
        #expect(abs(BadgerScheduler.adaptation(recallRate: 0.0, target: Self.target) - 0.85) < 1e-12)
    }

    @Test func highRecallStretchesIntervalsAndLowRecallShrinksThem() throws {
        func ladder(_ rate: Double?) throws -> [Double] {
            let parameters = BadgerParameters(recentRecallRate: rate, enableFuzzing: false)
            return try BadgerScheduler(parameters: parameters).answerOnTime(Array(repeating: .good, count: 8))
                .map(\.interval)
        }
        let neutral = try ladder(nil)
        let high = try ladder(0.99)
        let low = try ladder(0.60)
        // The learning steps and the first day are not affected; every later rung is.
        #expect(high.prefix(2) == neutral.prefix(2) && low.prefix(2) == neutral.prefix(2))
        for index in 2..<neutral.count {
            #expect(high[index] > neutral[index])
            #expect(low[index] < neutral[index])
        }
        // Bounded: the first long-term step's gain moves by at most 15 %.
        let neutralGain = neutral[2] / TestTime.day - 1
        #expect(high[2] / TestTime.day - 1 <= neutralGain * 1.15 + 1e-9)
        #expect(low[2] / TestTime.day - 1 >= neutralGain * 0.85 - 1e-9)
    }
}
