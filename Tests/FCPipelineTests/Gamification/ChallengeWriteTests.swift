import FCCore
import FCGamification
import Foundation
import Testing

@testable import FCPipeline
@testable import FCStore

/// A step writes the challenge rows that moved: all of a new day's, then only those whose progress changed (most
/// reviews move one challenge or none), so a review does not rewrite rows it left as they were.
struct ChallengeWriteTests {
    private let gamifier = Gamifier(random: RandomSource(seed: 3))
    private let morning = Date(timeIntervalSince1970: 1_700_000_000)

    private func review(
        card: Int64, rating: Rating, lastReviewBefore: Date?, at time: Date, after state: GamificationState?
    ) throws -> Gamifier.Decision {
        let input = GamificationInput(
            userID: 1, timeZone: "UTC", stored: nil, sessionID: nil,
            card: AnsweredCard(cardID: card, topicID: 10, lastReviewBefore: lastReviewBefore, completesTopic: false))
        return try #require(
            try gamifier.decideReview(input, rating: rating, at: time, duration: 4, known: state))
    }

    @Test func onlyTheChallengesAReviewMovedAreWritten() throws {
        let first = try review(card: 1, rating: .good, lastReviewBefore: nil, at: morning, after: nil)
        #expect(Set(first.write.challenges.map(\.kind)) == ["card_master", "perfect_score", "topic_explorer"])

        // The same card again: not a new card, not a first try, the same topic. Nothing moved.
        let again = try review(
            card: 1, rating: .fail, lastReviewBefore: morning, at: morning.addingTimeInterval(60), after: first.state)
        #expect(again.write.challenges.isEmpty)
        #expect(again.state.today?.challenges == first.state.today?.challenges)

        // A new card recalled on the first try: Card Master and Perfect Score move; Topic Explorer (same topic)
        // does not.
        let next = try review(
            card: 2, rating: .good, lastReviewBefore: nil, at: morning.addingTimeInterval(120), after: again.state)
        #expect(Set(next.write.challenges.map(\.kind)) == ["card_master", "perfect_score"])
        let progress = Dictionary(uniqueKeysWithValues: next.write.challenges.map { ($0.kind, $0.progress) })
        #expect(progress == ["card_master": 2, "perfect_score": 2])

        // The next day starts over: every challenge of the new day is written.
        let tomorrow = try review(
            card: 3, rating: .difficult, lastReviewBefore: nil, at: morning.addingTimeInterval(86_400),
            after: next.state)
        #expect(tomorrow.write.challenges.count == 3)
        #expect(Set(tomorrow.write.challenges.map { $0.day }).count == 1)
        #expect(tomorrow.write.challenges.first?.day != next.write.challenges.first?.day)
    }
}
