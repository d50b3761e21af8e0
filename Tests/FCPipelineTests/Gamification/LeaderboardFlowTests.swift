import FCCore
import FCGamification
import FCPipeline
import FCStore
import Foundation
import Testing

/// The leaderboard ranks several learners' daily stats built from real recorded reviews.
struct LeaderboardFlowTests {
    @Test func learnersWithEqualCountsShareARank() async throws {
        let game = try await GameHarness()
        let (_, cards) = try await game.base.topic("Rome", cards: 4)
        let (_, greek) = try await game.base.topic("Greece", cards: 2)
        let plans: [(String, [Card])] = [
            ("cy", [cards[0]]), ("bob", Array(cards.prefix(3))), ("ana", [cards[0], cards[1], greek[0]]),
        ]
        var users: [String: User] = [:]
        for (name, studied) in plans {
            let user = try await game.learner(name)
            users[name] = user
            for (offset, card) in studied.enumerated() {
                try await game.service.recorder.record(
                    userID: user.id, cardID: card.id, rating: .good,
                    at: StudyHarness.start.addingTimeInterval(Double(offset)))
            }
        }
        let bob = try #require(users["bob"])
        let byCards = try await game.game.leaderboard(for: bob, by: .cards)
        #expect(byCards.day.description == "2023-11-14")
        #expect(byCards.result.entries.map(\.stats.name) == ["ana", "bob", "cy"])
        #expect(byCards.result.entries.map(\.rank) == [1, 1, 3])
        #expect(byCards.result.entries.map(\.value) == [3, 3, 1])
        #expect(byCards.result.entries.map(\.isCurrentLearner) == [false, true, false])

        let byTopics = try await game.game.leaderboard(for: bob, by: .topics)
        #expect(byTopics.result.entries.map(\.stats.name) == ["ana", "bob", "cy"])
        #expect(byTopics.result.entries.map(\.rank) == [1, 2, 2])

        let byXP = try await game.game.leaderboard(for: bob, by: .xp)
        for entry in byXP.result.entries {
            let learner = try #require(users[entry.stats.name])
            #expect(entry.value == (try await game.totalXP(learner)))
        }
        let nextDay = try await game.game.leaderboard(for: bob, day: LocalDay("2023-11-15"), by: .cards)
        #expect(nextDay.result.entries.isEmpty && nextDay.result.currentLearner == nil)
    }
}
