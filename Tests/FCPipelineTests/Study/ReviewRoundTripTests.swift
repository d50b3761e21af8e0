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
    /// A gamified review on a badger topic (recall window read) is three statements on PostgreSQL inside its
    /// transaction, and waits twice: the learner's lock (not waited for), everything the review reads (card, state,
    /// window, time zone, gamification state) in one statement, then everything it writes (the review, the card
    /// state, awards, challenges, daily stats, gamification state) in one; the commit is the fourth. Counted inside
    /// the transaction, on the connection it holds (the client lends any of its connections to the next one).
    @Test func aGamifiedReviewWaitsTwiceBeforeItsCommitOnPostgreSQL() async throws {
        let game = try await GameHarness()
        let (topic, cards) = try await game.base.topic("Rome", cards: 3)
        try await AlgorithmSwitch.setAlgorithm(on: game.store, .badger, topicID: topic.id)
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
        #expect(postgres ? after.statements - before.statements <= 3 : after.statements == 0, "\(before) → \(after)")
    }

    /// A review under an idempotency key (every `POST /v1/reviews` of the service) is four statements on
    /// PostgreSQL inside its transaction: the key's read with the learner's lock, the reads, the writes and the
    /// key's row. A replay of the key is one.
    @Test func anIdempotentReviewIsFourStatementsOnPostgreSQL() async throws {
        let game = try await GameHarness()
        let (_, cards) = try await game.base.topic("Rome", cards: 2)
        let user = game.base.user
        let now = game.base.time.date
        let gamifier = try #require(game.service.recorder.gamifier)
        _ = try await game.service.recorder.record(userID: user.id, cardID: cards[0].id, rating: .good, at: now)
        let review = PendingReview(userID: user.id, cardID: cards[1].id, sessionID: nil, recallWindow: nil)
        var counts: [Int] = []
        for _ in 0..<2 {
            let (statements, reply) = try await game.store.write("review, counted") { db in
                let before = db.roundTrips
                let reply = try await RecordReview.recordIdempotently(
                    [review], in: db, userID: user.id, key: "once", requestHash: "h",
                    decide: { context, _ in
                        try ReviewRecorder.decide(
                            context, rating: .good, at: now, fromClock: false, now: now, durationMilliseconds: nil)
                    },
                    gamify: { input, _ in
                        try gamifier.decideReview(input, rating: .good, at: input.card?.reviewedAt ?? now, duration: 0)?
                            .write
                    }, respond: { recorded in "\(recorded.map(\.reviewID))" })
                return (db.roundTrips.statements - before.statements, reply)
            }
            counts.append(statements)
            #expect(reply.replayed == (counts.count == 2))
        }
        #expect(try await game.store.reviewLog(userID: user.id, cardID: cards[1].id).count == 1)
        let postgres = game.store.path.hasPrefix("postgres")
        #expect(counts == (postgres ? [4, 1] : [0, 0]))
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
