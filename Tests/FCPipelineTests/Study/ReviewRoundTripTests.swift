import FCCore
import FCPipeline
import FCScheduler
import FCStore
import FCTestSupport
import Foundation
import Testing

/// How often a review's transaction makes the store's thread wait for PostgreSQL (`Database.roundTrips`). The
/// test runs on SQLite files (nothing is sent to a server: 0) and, in the contract suite, on PostgreSQL.
struct ReviewRoundTripTests {
    /// A gamified review on a badger topic (recall window read) waits 3 times on PostgreSQL: the learner's lock
    /// and everything the review reads (card, state, window, time zone, gamification state), the awards (with the
    /// review and card state written before them), the commit.
    @Test func aGamifiedReviewWaitsThreeTimesOnPostgreSQL() async throws {
        let game = try await GameHarness()
        let (topic, cards) = try await game.base.topic("Rome", cards: 3)
        try await AlgorithmSwitch.setAlgorithm(.badger, topicID: topic.id, in: game.store)
        let user = game.base.user
        let now = game.base.time.date
        let recorder = game.service.recorder
        _ = try await recorder.record(userID: user.id, cardID: cards[0].id, rating: .good, at: now)

        let before = try await game.store.write("count round trips") { $0.roundTrips }
        let review = try await recorder.record(userID: user.id, cardID: cards[1].id, rating: .fail, at: now)
        let after = try await game.store.write("count round trips") { $0.roundTrips }

        #expect((review.rewards?.xpGained ?? 0) > 0, "a first answer of the day pays XP")
        #expect(try await game.totalXP(user) == (review.rewards?.totalXP ?? -1))
        #expect(try await game.store.reviewLog(userID: user.id, cardID: cards[1].id).map(\.rating) == [0])
        let postgres = game.store.path.hasPrefix("postgres")
        // Between the two counts: the first count's commit (one statement, one wait) and the second one's BEGIN.
        // Statements this review is the first to use on the connection are prepared first (counted apart).
        #expect(after.waits - before.waits == (postgres ? 3 + 1 : 0), "\(before) → \(after)")
        #expect(postgres ? after.preparations > 0 : after.preparations == 0, "server-prepared on PostgreSQL only")
        #expect(
            postgres ? after.statements - before.statements - 2 <= 14 : after.statements == 0, "\(before) → \(after)")
    }

    /// A read sent ahead by a review that then failed (an unknown card) answers nobody later: the next read of a
    /// learner's gamification state, by another transaction, gets that learner's.
    @Test func aFailedReviewLeavesNoAnswerBehindForTheNextTransaction() async throws {
        let game = try await GameHarness()
        let (_, cards) = try await game.base.topic("Rome", cards: 2)
        let ana = try await game.learner("Ana")
        let now = game.base.time.date
        let recorder = game.service.recorder
        _ = try await recorder.record(userID: ana.id, cardID: cards[0].id, rating: .good, at: now)
        #expect(try await game.totalXP(ana) > 0)
        await #expect(throws: (any Error).self) {
            try await recorder.record(userID: ana.id, cardID: 999_999, rating: .good, at: now)
        }
        let mine = try await game.store.write("read gamification") { db in
            try await GamificationStep.run(in: db, userID: game.base.user.id) { _ in nil }
        }
        #expect(mine.totalXP == 0)
        let review = try await recorder.record(userID: game.base.user.id, cardID: cards[1].id, rating: .good, at: now)
        #expect(try await game.totalXP(game.base.user) == (review.rewards?.totalXP ?? -1))
    }
}
