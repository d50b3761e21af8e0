import FCCore
import FCGamification
import FCPipeline
import FCStore
import FCTestSupport
import Foundation
import Testing

/// Two processes (two stores, each its own connections) recording one learner's answers at once lose no XP: on
/// PostgreSQL the learner's row is locked for the transaction, on SQLite one writer runs at a time.
struct ConcurrentGamificationTests {
    @Test func twoStoresAnsweringForOneLearnerAtOnceKeepEveryXPAward() async throws {
        let game = try await GameHarness()
        let (_, cards) = try await game.base.topic("Rome", cards: 40)
        let user = game.base.user
        let now = game.base.time.date
        let second = try await Store.open(path: game.base.database.path, now: game.base.time.now)
        let other = StudyService(
            store: second, now: game.base.time.now, gamifier: Gamifier(random: RandomSource(seed: 9)))

        func answer(_ service: StudyService, _ cards: ArraySlice<Card>) async throws -> Int {
            var gained = 0
            for card in cards {
                let result = try await service.recorder.record(userID: user.id, cardID: card.id, rating: .good, at: now)
                gained += result.rewards?.xpGained ?? 0
            }
            return gained
        }
        async let first = answer(game.service, cards[0..<20])
        async let last = answer(other, cards[20..<40])
        let gained = try await first + last

        #expect(gained >= 40 * 10, "every first answer of the day pays at least 10 XP")
        #expect(try await game.totalXP(user) == gained)
    }
}
