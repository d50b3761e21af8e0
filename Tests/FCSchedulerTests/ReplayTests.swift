import FCCore
import FCScheduler
import Foundation
import Testing

/// Rebuilding from the review log gives exactly the state that reviewing card by card produced.
struct ReplayTests {
    /// A mixed log: learning, a lapse, same-day repeats and long gaps.
    static let log: [ReviewLogEntry] = {
        let steps: [(Double, Rating)] = [
            (0, .good), (0.007, .good), (1.1, .good), (4.5, .difficult), (4.6, .fail), (4.61, .good),
            (6, .good), (20, .easy), (20.2, .good), (90, .good), (400, .fail), (401, .easy),
        ]
        return steps.map { ReviewLogEntry(reviewedAt: TestTime.days($0.0), rating: $0.1) }
    }()

    @Test(arguments: SchedulingAlgorithm.allCases)
    func rebuildEqualsIncrementalReviews(algorithm: SchedulingAlgorithm) {
        let scheduler = Scheduler(algorithm: algorithm)
        var generator = SplitMix64(seed: 99)
        var card = CardState(newAt: TestTime.start)
        var incremental: [CardState] = []
        for entry in Self.log {
            card = scheduler.review(card, rating: entry.rating, at: entry.reviewedAt, using: &generator).card
            incremental.append(card)
        }
        var replayGenerator = SplitMix64(seed: 99)
        let replayed = scheduler.replay(Self.log, createdAt: TestTime.start, using: &replayGenerator).map(\.card)
        var rebuildGenerator = SplitMix64(seed: 99)
        let rebuilt = scheduler.rebuild(from: Self.log, createdAt: TestTime.start, using: &rebuildGenerator)
        #expect(replayed == incremental)
        #expect(rebuilt == card)
        #expect(rebuilt.reps == Self.log.count)
        #expect(rebuilt.lastReview == Self.log.last?.reviewedAt)
    }

    @Test(arguments: SchedulingAlgorithm.allCases)
    func logOrderDoesNotMatter(algorithm: SchedulingAlgorithm) {
        let scheduler = Scheduler(algorithm: algorithm)
        var sortedGenerator = SplitMix64(seed: 5)
        var shuffledGenerator = SplitMix64(seed: 5)
        var shuffler = SplitMix64(seed: 6)
        let shuffled = Self.log.shuffled(using: &shuffler)
        #expect(shuffled != Self.log)
        let fromSorted = scheduler.rebuild(from: Self.log, createdAt: TestTime.start, using: &sortedGenerator)
        let fromShuffled = scheduler.rebuild(from: shuffled, createdAt: TestTime.start, using: &shuffledGenerator)
        #expect(fromSorted == fromShuffled)
    }

    @Test func emptyLogIsANewCard() {
        var generator = SplitMix64(seed: 0)
        let card = Scheduler().rebuild(from: [], createdAt: TestTime.start, using: &generator)
        #expect(card == CardState(newAt: TestTime.start))
        #expect(card.isDue(at: TestTime.start))
    }

    @Test func switchingAlgorithmRebuildsFromTheSameLog() {
        var generator = SplitMix64(seed: 0)
        let states = SchedulingAlgorithm.allCases.map {
            Scheduler(algorithm: $0).rebuild(from: Self.log, createdAt: TestTime.start, using: &generator)
        }
        #expect(states.allSatisfy { $0.reps == Self.log.count && $0.lapses >= 1 })
        #expect(Set(states.map(\.due)).count == 3)
    }

    @Test func cardStateRoundTripsThroughJSON() throws {
        var generator = SplitMix64(seed: 0)
        let card = Scheduler(algorithm: .fsrs).rebuild(from: Self.log, createdAt: TestTime.start, using: &generator)
        let decoded = try JSONDecoder().decode(CardState.self, from: JSONEncoder().encode(card))
        #expect(decoded == card)
    }
}

/// Per-review seeds: a live review and a rebuild draw the same fuzz without any stored generator state.
struct CardSeedReplayTests {
    @Test(arguments: SchedulingAlgorithm.allCases)
    func liveReviewsAndRebuildAgreeWithFuzzOn(algorithm: SchedulingAlgorithm) throws {
        var configuration = SchedulerConfiguration()
        configuration.fsrs.enableFuzzing = true
        let scheduler = try Scheduler(algorithm: algorithm, configuration: configuration)
        var card = CardState(newAt: TestTime.start)
        for entry in ReplayTests.log {
            card = scheduler.review(card, rating: entry.rating, at: entry.reviewedAt, cardSeed: 1234).card
        }
        #expect(scheduler.rebuild(from: ReplayTests.log, createdAt: TestTime.start, cardSeed: 1234) == card)
        let outcomes = scheduler.replay(ReplayTests.log, createdAt: TestTime.start, cardSeed: 1234)
        #expect(outcomes.count == ReplayTests.log.count && outcomes.last?.card == card)
    }

    @Test func differentCardsDrawDifferentFuzz() {
        let scheduler = Scheduler(algorithm: .badger)
        let first = scheduler.replay(ReplayTests.log, createdAt: TestTime.start, cardSeed: 1).map(\.card.due)
        let second = scheduler.replay(ReplayTests.log, createdAt: TestTime.start, cardSeed: 2).map(\.card.due)
        #expect(first != second)
        #expect(Scheduler.reviewSeed(cardSeed: 1, review: 0) != Scheduler.reviewSeed(cardSeed: 1, review: 1))
    }
}
