import FCCore
import FCScheduler
import Foundation
import Testing

/// Badger's learning steps, failure rule, difficulty drift and early-review rule.
struct BadgerRuleTests {
    let scheduler: BadgerScheduler

    init() throws {
        scheduler = try BadgerScheduler(parameters: BadgerParameters(enableFuzzing: false))
    }

    func reviewCard(stability: Double = 40, difficulty: Double = 0.4) -> CardState {
        CardState(
            phase: .review, stability: stability, difficulty: difficulty, due: TestTime.days(stability),
            lastReview: TestTime.start, reps: 6, lapses: 1)
    }

    @Test func newCardStartsAtStabilityOneAndMediumDifficulty() {
        var generator = SplitMix64(seed: 1)
        let outcome = scheduler.review(
            CardState(newAt: TestTime.start), rating: .good, at: TestTime.start, using: &generator)
        #expect(outcome.card.stability == 1.0)
        #expect(outcome.card.difficulty == 0.4)
        #expect(outcome.card.phase == .learning)
        #expect(outcome.card.step == 0)
        #expect(outcome.card.reps == 1)
        #expect(outcome.card.due == TestTime.start.addingTimeInterval(600))
    }

    @Test func learningStepsLeadToOneDay() {
        var generator = SplitMix64(seed: 1)
        let new = CardState(newAt: TestTime.start)
        let failed = scheduler.review(new, rating: .fail, at: TestTime.start, using: &generator)
        #expect(failed.card.phase == .learning && failed.interval == 600 && failed.card.lapses == 0)
        let difficult = scheduler.review(failed.card, rating: .difficult, at: failed.card.due, using: &generator)
        #expect(difficult.card.phase == .learning && difficult.interval == 900)
        let graduated = scheduler.review(difficult.card, rating: .good, at: difficult.card.due, using: &generator)
        #expect(graduated.card.phase == .review && graduated.card.step == nil)
        #expect(graduated.interval == TestTime.day)
        #expect(graduated.card.stability == 1.0)
        let easy = scheduler.review(new, rating: .easy, at: TestTime.start, using: &generator)
        #expect(easy.card.phase == .review && easy.interval == TestTime.day)
    }

    @Test func failureHalvesStabilityAndRelearnsForOneDay() {
        var generator = SplitMix64(seed: 1)
        let card = reviewCard(stability: 40, difficulty: 0.4)
        let failed = scheduler.review(card, rating: .fail, at: card.due, using: &generator)
        #expect(failed.card.stability == 20)
        #expect(abs((failed.card.difficulty ?? 0) - 0.5) < 1e-12)
        #expect(failed.card.lapses == 2)
        #expect(failed.card.phase == .relearning)
        #expect(failed.interval == 600)
        let relearned = scheduler.review(failed.card, rating: .good, at: failed.card.due, using: &generator)
        #expect(relearned.card.phase == .review)
        #expect(relearned.interval == TestTime.day)
        #expect(relearned.card.stability == 20)
        #expect(relearned.card.lapses == 2)
    }

    @Test func failureKeepsAtLeastOneDayAndCapsDifficulty() {
        var generator = SplitMix64(seed: 1)
        let card = reviewCard(stability: 1.5, difficulty: 0.95)
        let failed = scheduler.review(card, rating: .fail, at: card.due, using: &generator)
        #expect(failed.card.stability == 1.0)
        #expect(failed.card.difficulty == 1.0)
    }

    @Test func failureWithoutRelearningStepsComesBackInOneDay() throws {
        let plain = try BadgerScheduler(parameters: BadgerParameters(relearningSteps: [], enableFuzzing: false))
        var generator = SplitMix64(seed: 0)
        let card = reviewCard()
        let failed = plain.review(card, rating: .fail, at: card.due, using: &generator)
        #expect(failed.card.phase == .review)
        #expect(failed.interval == TestTime.day)
    }

    @Test(arguments: [(Rating.fail, 0.1), (.difficult, 0.05), (.good, 0.0), (.easy, -0.05)])
    func difficultyDriftsByRating(rating: Rating, drift: Double) throws {
        let scheduler = try BadgerScheduler(parameters: BadgerParameters(enableFuzzing: false))
        var generator = SplitMix64(seed: 0)
        let card = reviewCard(difficulty: 0.4)
        let outcome = scheduler.review(card, rating: rating, at: card.due, using: &generator)
        #expect(abs((outcome.card.difficulty ?? .nan) - (0.4 + drift)) < 1e-12)
    }

    @Test func difficultyStaysWithinZeroAndOne() {
        var generator = SplitMix64(seed: 1)
        var card = reviewCard(difficulty: 0.4)
        for _ in 0..<40 { card = scheduler.review(card, rating: .easy, at: card.due, using: &generator).card }
        #expect(card.difficulty == 0)
        for _ in 0..<40 { card = scheduler.review(card, rating: .fail, at: card.due, using: &generator).card }
        #expect(card.difficulty == 1)
        #expect((card.stability ?? 0) >= 1)
    }

    @Test func earlyReviewEarnsOnlyPartOfTheGain() {
        var generator = SplitMix64(seed: 1)
        let card = reviewCard(stability: 40)
        let immediate = scheduler.review(card, rating: .good, at: TestTime.start, using: &generator)
        #expect(immediate.card.stability == 40)
        let halfway = scheduler.review(card, rating: .good, at: TestTime.days(18), using: &generator)
        let onTime = scheduler.review(card, rating: .good, at: TestTime.days(36), using: &generator)
        let late = scheduler.review(card, rating: .good, at: TestTime.days(80), using: &generator)
        #expect(40 < (halfway.card.stability ?? 0))
        #expect((halfway.card.stability ?? 0) < (onTime.card.stability ?? 0))
        #expect(late.card.stability == onTime.card.stability)
    }

    @Test func intervalsStopAtTheMaximum() {
        var generator = SplitMix64(seed: 1)
        let card = reviewCard(stability: 40_000)
        let outcome = scheduler.review(card, rating: .easy, at: TestTime.days(40_000), using: &generator)
        #expect(outcome.interval == 36_500 * TestTime.day)
    }

    @Test func parametersAreValidated() {
        #expect(throws: SchedulerError.self) {
            try BadgerScheduler(parameters: BadgerParameters(initialDifficulty: 0.6))
        }
        #expect(throws: SchedulerError.self) {
            try BadgerScheduler(parameters: BadgerParameters(recentRecallRate: 1.5))
        }
        #expect(throws: SchedulerError.self) { try BadgerScheduler(parameters: BadgerParameters(learningSteps: [0])) }
    }
}
