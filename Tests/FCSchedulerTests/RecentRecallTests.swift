import FCCore
import FCScheduler
import Foundation
import Testing

/// The recent-recall rule (last 50 reviews, at least 20) and replays that apply each review's own rate.
struct RecentRecallTests {
    @Test func theWindowKeepsTheLatestFiftyAndNeedsTwenty() {
        var window = RecentRecall()
        var ratings: [Rating] = []
        var generator = SplitMix64(seed: 3)
        for index in 0..<300 {
            let expected: Double? = {
                let recent = ratings.suffix(RecentRecall.windowSize)
                guard recent.count >= RecentRecall.minimumReviews else { return nil }
                return Double(recent.filter(\.isSuccess).count) / Double(recent.count)
            }()
            #expect(window.rate == expected, "before review \(index)")
            // Long runs of passes and of failures, so the rate sweeps the whole range.
            let rating: Rating = (index / 40) % 2 == 0 || generator.next() % 5 == 0 ? .good : .fail
            window.append(rating)
            ratings.append(rating)
        }
        #expect(RecentRecall.rate(reviews: 19, passed: 19) == nil)
        #expect(RecentRecall.rate(reviews: 50, passed: 49) == 0.98)
        #expect(RecentRecall.rate(reviews: 20, passed: 14) == 0.7)
    }

    @Test func adaptingToARateOnlyChangesBadger() {
        let card = CardState(
            phase: .review, stability: 10, difficulty: 0.4, due: TestTime.days(10), lastReview: TestTime.start, reps: 3)
        for algorithm in SchedulingAlgorithm.allCases {
            let plain = Scheduler(algorithm: algorithm).review(card, rating: .good, at: TestTime.days(10), cardSeed: 1)
            let high = Scheduler(algorithm: algorithm).adapted(toRecentRecallRate: 0.98)
                .review(card, rating: .good, at: TestTime.days(10), cardSeed: 1)
            let none = Scheduler(algorithm: algorithm).adapted(toRecentRecallRate: nil)
                .review(card, rating: .good, at: TestTime.days(10), cardSeed: 1)
            #expect(none == plain)
            if algorithm == .badger {
                #expect(high.interval > plain.interval)
            } else {
                #expect(high == plain)
            }
        }
    }

    @Test func aReplayAppliesEachEntrysRate() {
        let scheduler = Scheduler(algorithm: .badger)
        let ratings: [Rating] = [.good, .good, .good, .good, .fail, .good, .good, .easy, .good]
        let rates: [Double?] = [nil, 0.5, 0.99, 0.99, 0.7, nil, 0.95, 0.6, 1.0]
        var card = CardState(newAt: TestTime.start)
        var log: [ReviewLogEntry] = []
        for (rating, rate) in zip(ratings, rates) {
            let at = max(card.due, TestTime.start)
            card = scheduler.adapted(toRecentRecallRate: rate).review(card, rating: rating, at: at, cardSeed: 9).card
            log.append(ReviewLogEntry(reviewedAt: at, rating: rating, recentRecallRate: rate))
        }
        #expect(scheduler.rebuild(from: log, createdAt: TestTime.start, cardSeed: 9) == card)
        var generator = SplitMix64(seed: 0)
        let withoutRates = log.map { ReviewLogEntry(reviewedAt: $0.reviewedAt, rating: $0.rating) }
        #expect(scheduler.rebuild(from: withoutRates, createdAt: TestTime.start, cardSeed: 9) != card)
        #expect(scheduler.replay(log, createdAt: TestTime.start, using: &generator).count == log.count)
    }
}
