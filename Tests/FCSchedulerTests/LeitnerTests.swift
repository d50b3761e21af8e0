import FCCore
import FCScheduler
import Foundation
import Testing

/// Leitner: the computed interval table, the box moves for each rating, and growth past the top box.
struct LeitnerTests {
    let scheduler = LeitnerScheduler()

    func card(inBox box: Int) -> CardState {
        let days = Double(scheduler.intervalDays(box: box))
        return CardState(
            phase: .review, stability: scheduler.unroundedInterval(box: box), box: box, due: TestTime.days(days),
            lastReview: TestTime.start, reps: box)
    }

    @Test func intervalTableIsComputedFromUnroundedValues() {
        #expect((1...7).map(scheduler.intervalDays(box:)) == [3, 7, 13, 26, 53, 109, 223])
        #expect(scheduler.intervalDays(box: 0) == 1)
        for box in 1...7 {
            let unrounded = 3 * pow(2.05, Double(box - 1))
            #expect(abs(scheduler.unroundedInterval(box: box) - unrounded) < 1e-9)
        }
        // Chaining from rounded values would drift: 7 × 2.05 rounds up to 15, not 13.
        #expect(Int((7 * 2.05).rounded(.up)) != scheduler.intervalDays(box: 3))
    }

    @Test func easyTargetsAreOneAndAHalfTimesTheBoxRoundedDown() {
        #expect((0...7).map(LeitnerScheduler.easyTarget(from:)) == [1, 2, 3, 4, 6, 7, 9, 10])
    }

    @Test(arguments: 0...7)
    func eachRatingMovesTheCardAsDocumented(box: Int) {
        var generator = SplitMix64(seed: 0)
        let start = card(inBox: box)
        func after(_ rating: Rating) -> ReviewOutcome {
            scheduler.review(start, rating: rating, at: start.due, using: &generator)
        }
        let failed = after(.fail)
        #expect(failed.card.box == 0)
        #expect(failed.interval == TestTime.day)
        #expect(failed.card.lapses == (box > 0 ? 1 : 0))
        #expect(after(.difficult).card.box == max(box - 1, 0))
        #expect(after(.good).card.box == min(box + 1, 7))
        #expect(after(.easy).card.box == min(max(box + 1, box * 3 / 2), 7))
        let good = after(.good)
        if box < 7 { #expect(good.interval == Double(scheduler.intervalDays(box: box + 1)) * TestTime.day) }
        #expect(good.card.phase == .review && good.card.difficulty == nil && good.card.reps == box + 1)
    }

    @Test func newCardsStartInBoxZero() {
        let outcomes = scheduler.answerOnTime([.good, .good, .fail, .difficult, .easy])
        #expect(outcomes.map(\.card.box) == [1, 2, 0, 0, 1])
        #expect(outcomes.map { Int($0.interval / TestTime.day) } == [3, 7, 1, 1, 3])
        #expect(outcomes.last?.card.lapses == 1)
    }

    @Test func topBoxKeepsGrowing() {
        var generator = SplitMix64(seed: 0)
        var top = card(inBox: 7)
        var intervals: [Int] = []
        for _ in 0..<3 {
            let outcome = scheduler.review(top, rating: .good, at: top.due, using: &generator)
            #expect(outcome.card.box == 7)
            intervals.append(Int(outcome.interval / TestTime.day))
            top = outcome.card
        }
        #expect(intervals == [457, 936, 1_919])
        let easy = scheduler.review(card(inBox: 7), rating: .easy, at: TestTime.days(223), using: &generator)
        #expect(easy.card.box == 7)
        #expect(easy.interval == (3 * pow(2.05, 9)).rounded(.up) * TestTime.day)
        let down = scheduler.review(top, rating: .difficult, at: top.due, using: &generator)
        #expect(down.card.box == 6)
        #expect(down.interval == 109 * TestTime.day)
    }

    @Test func intervalsStopAtTheMaximum() {
        let outcomes = scheduler.answerOnTime(Array(repeating: .easy, count: 40))
        #expect(outcomes.last?.interval == 36_500 * TestTime.day)
        #expect(outcomes.last?.card.box == 7)
    }

    @Test func parametersAreValidated() {
        #expect(throws: SchedulerError.self) { try LeitnerScheduler(parameters: LeitnerParameters(growth: 1)) }
        #expect(throws: SchedulerError.self) { try LeitnerScheduler(parameters: LeitnerParameters(boxCount: 1)) }
    }
}
