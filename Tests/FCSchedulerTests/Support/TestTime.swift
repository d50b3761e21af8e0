import FCCore
import FCScheduler
import Foundation

/// Fixed instants and day arithmetic for the scheduler tests (no wall clock).
enum TestTime {
    static let start = Date(timeIntervalSince1970: 1_800_000_000)
    static let day: TimeInterval = 86_400

    static func days(_ count: Double, after date: Date = start) -> Date {
        date.addingTimeInterval(count * day)
    }
}

extension CardScheduler {
    /// Answers `rating` every time the card falls due, starting with a new card at ``TestTime/start``; returns the
    /// outcome of every review.
    func answerOnTime(_ ratings: [Rating], seed: UInt64 = 0) -> [ReviewOutcome] {
        var generator = SplitMix64(seed: seed)
        var card = CardState(newAt: TestTime.start)
        var outcomes: [ReviewOutcome] = []
        for rating in ratings {
            let outcome = review(card, rating: rating, at: card.due, using: &generator)
            outcomes.append(outcome)
            card = outcome.card
        }
        return outcomes
    }
}
