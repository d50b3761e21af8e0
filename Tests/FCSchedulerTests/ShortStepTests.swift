import FCCore
import FCScheduler
import Foundation
import Testing

/// `CardState.isOnShortStep(answeredAt:)`: which answers leave a card to come back later in the same study session
/// (learning and relearning steps; Leitner's box 0), for each algorithm with its default configuration, and steps a
/// day or more apart left to the next day's queue.
struct ShortStepTests {
    /// The card after answering `ratings` one after the other, each a few seconds after the last (as in a session,
    /// long before the step's due time), starting with a new card; whether each answer left it on a short step.
    static func steps(_ scheduler: some CardScheduler, _ ratings: [Rating], from start: CardState? = nil) -> [Bool] {
        var generator = SplitMix64(seed: 7)
        var card = start ?? CardState(newAt: TestTime.start)
        var time = start?.due ?? TestTime.start
        var onStep: [Bool] = []
        for rating in ratings {
            card = scheduler.review(card, rating: rating, at: time, using: &generator).card
            onStep.append(card.isOnShortStep(answeredAt: time))
            time = time.addingTimeInterval(20)
        }
        return onStep
    }

    /// A card that graduated to long-term review and is due now: Good on every learning step, then an Easy.
    static func graduated(_ scheduler: some CardScheduler) throws -> CardState {
        try #require(scheduler.answerOnTime([.good, .good, .good, .easy]).last).card
    }

    @Test(arguments: SchedulingAlgorithm.allCases)
    func newCardRatedAgainOrHardStaysOnAStep(algorithm: SchedulingAlgorithm) {
        let scheduler = Scheduler(algorithm: algorithm)
        #expect(Self.steps(scheduler, [.fail]) == [true])
        #expect(Self.steps(scheduler, [.difficult]) == [true])
        #expect(Self.steps(scheduler, [.fail, .fail, .fail, .fail]) == [true, true, true, true])
    }

    @Test(arguments: SchedulingAlgorithm.allCases)
    func newCardRatedEasyPassesAtOnce(algorithm: SchedulingAlgorithm) {
        #expect(Self.steps(Scheduler(algorithm: algorithm), [.easy]) == [false])
    }

    @Test func newCardRatedGoodTakesEachAlgorithmsLearningSteps() {
        // FSRS-6: steps of 1 and 10 minutes, so Good moves to the second step and a second Good graduates.
        #expect(Self.steps(Scheduler(algorithm: .fsrs), [.good, .good]) == [true, false])
        // badger: one 10-minute step, so a new card rated Good comes back once.
        #expect(Self.steps(Scheduler(algorithm: .badger), [.good, .good]) == [true, false])
        // Leitner: Good climbs from box 0 to box 1 (3 days): passed.
        #expect(Self.steps(Scheduler(algorithm: .leitner), [.good]) == [false])
        // Again sends a card on a step back to the first one; it then climbs the whole ladder again.
        #expect(Self.steps(Scheduler(algorithm: .fsrs), [.good, .fail, .good, .good]) == [true, true, true, false])
        // badger's ladder is one step, so after Again a single Good passes.
        #expect(Self.steps(Scheduler(algorithm: .badger), [.good, .fail, .good]) == [true, true, false])
        #expect(Self.steps(Scheduler(algorithm: .leitner), [.fail, .difficult, .good]) == [true, true, false])
    }

    @Test(arguments: SchedulingAlgorithm.allCases)
    func aLapseRelearnsAndAGraduatedCardPasses(algorithm: SchedulingAlgorithm) throws {
        let scheduler = Scheduler(algorithm: algorithm)
        let card = try Self.graduated(scheduler)
        #expect(card.phase == .review)
        #expect(!card.isOnShortStep(answeredAt: try #require(card.lastReview)))
        // Good or Easy on a card in long-term review: not on a step.
        #expect(Self.steps(scheduler, [.good], from: card) == [false])
        #expect(Self.steps(scheduler, [.easy], from: card) == [false])
        // Again is a lapse: FSRS-6 and badger relearn (one 10-minute step), Leitner drops it to box 0. Good passes it.
        #expect(Self.steps(scheduler, [.fail, .good], from: card) == [true, false])
        #expect(Self.steps(scheduler, [.fail, .fail, .good], from: card) == [true, true, false])
    }

    @Test func leitnerHardFromTheFirstBoxFallsBackToBoxZero() {
        let scheduler = Scheduler(algorithm: .leitner)
        // Box 1 then Hard: back to box 0, which waits a day: a short step (the longest one counted).
        #expect(Self.steps(scheduler, [.good, .difficult]) == [false, true])
        // Box 2 then Hard: box 1, three days: passed.
        #expect(Self.steps(scheduler, [.good, .good, .difficult]) == [false, false, false])
    }

    @Test func stepsADayOrMoreApartAreLeftToTheNextDay() throws {
        let day = TestTime.day
        let fsrs = try FSRSScheduler(parameters: FSRSParameters(learningSteps: [2 * day], relearningSteps: [day + 1]))
        #expect(Self.steps(fsrs, [.fail]) == [false])
        let badger = try BadgerScheduler(parameters: BadgerParameters(learningSteps: [day], relearningSteps: [day]))
        // Exactly a day is still a short step (Leitner's box 0 waits exactly one).
        #expect(Self.steps(badger, [.fail]) == [true])
        let leitner = try LeitnerScheduler(parameters: LeitnerParameters(boxZeroInterval: 1.5))
        #expect(Self.steps(leitner, [.fail]) == [false])
        #expect(CardState.longestShortStep == day)
    }

    @Test func theRuleReadsOnlyTheStateAndTheAnswerTime() {
        let now = TestTime.start
        let soon = now.addingTimeInterval(600)
        #expect(CardState(phase: .learning, step: 0, due: soon).isOnShortStep(answeredAt: now))
        #expect(CardState(phase: .relearning, step: 0, due: soon).isOnShortStep(answeredAt: now))
        #expect(CardState(phase: .review, box: 0, due: soon).isOnShortStep(answeredAt: now))
        // A card in review due within the day (a one-day interval answered late in the day) has passed.
        #expect(!CardState(phase: .review, due: soon).isOnShortStep(answeredAt: now))
        #expect(!CardState(phase: .review, box: 1, due: soon).isOnShortStep(answeredAt: now))
        #expect(!CardState(newAt: now).isOnShortStep(answeredAt: now))
        #expect(!CardState(phase: .learning, step: 0, due: TestTime.days(1.01)).isOnShortStep(answeredAt: now))
    }
}
