import FCCore
import FCScheduler
import FCStore
import FCTestSupport
import Foundation
import Testing

@testable import FCPipeline

/// How often a review's transaction makes the store's thread wait for PostgreSQL (`Database.roundTrips`). The
/// test runs on SQLite files (nothing is sent to a server: 0) and, in the contract suite, on PostgreSQL.
struct ReviewRoundTripTests {
    /// A gamified review on a badger topic (recall window read) waits twice on PostgreSQL inside its transaction: the
    /// learner's lock and everything the review reads (card, state, window, time zone, gamification state), then the
    /// awards (with the review and card state written before them); the commit is the third. Counted inside the
    /// transaction, on the connection it holds (the client lends any of its connections to the next one).
    @Test func aGamifiedReviewWaitsTwiceBeforeItsCommitOnPostgreSQL() async throws {
        let game = try await GameHarness()
        let (topic, cards) = try await game.base.topic("Rome", cards: 3)
        try await AlgorithmSwitch.setAlgorithm(.badger, topicID: topic.id, in: game.store)
        let user = game.base.user
        let now = game.base.time.date
        let recorder = game.service.recorder
        let gamifier = try #require(recorder.gamifier)
        _ = try await recorder.record(userID: user.id, cardID: cards[0].id, rating: .good, at: now)

        let (before, after, xp) = try await game.store.write("review, counted") { db in
            let before = db.roundTrips
            var gained = 0
            _ = try await RecordReview.record(
                in: db, userID: user.id, cardID: cards[1].id, sessionID: nil,
                recallWindow: ReviewRecorder.recallWindow(at: now, fromClock: false),
                decide: {
                    try ReviewRecorder.decide(
                        $0, rating: .fail, at: now, fromClock: false, now: now, durationMilliseconds: nil)
                }
            ) { input in
                let decision = try gamifier.decideReview(
                    input, rating: .fail, at: input.card?.reviewedAt ?? now, duration: 0)
                gained = decision?.write.awards.count ?? 0
                return decision?.write
            }
            return (before, db.roundTrips, gained)
        }

        #expect(xp > 0, "a first answer of the day earns awards")
        #expect(try await game.store.reviewLog(userID: user.id, cardID: cards[1].id).map(\.rating) == [0])
        let postgres = game.store.path.hasPrefix("postgres")
        #expect(after.waits - before.waits == (postgres ? 2 : 0), "\(before) → \(after)")
        #expect(postgres ? after.preparations > 0 : after.preparations == 0, "server-prepared on PostgreSQL only")
        #expect(postgres ? after.statements - before.statements <= 14 : after.statements == 0, "\(before) → \(after)")
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
