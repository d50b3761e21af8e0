import FCCore
import FCPipeline
import FCStore
import FCTestSupport
import Foundation
import Testing

/// A batch is written with a handful of statements (the store's bulk path) and still equals the same answers
/// recorded one by one, on both engines: the recall windows reach reviews stored before the batch (dated before,
/// between and at the same time as the batch's) and the batch's earlier answers, the same card answered twice
/// carries its state, and the awards, XP and daily rows match.
struct ReviewBulkBatchTests {
    static let start = StudyHarness.start.addingTimeInterval(600)

    /// 30 answers to cards 0–9 stored first, so badger's recall window (20 reviews at least) counts.
    static func stored(_ cards: [Card], userID: Int64) -> [ReviewInput] {
        (0..<30).map { index in
            ReviewInput(
                userID: userID, cardID: cards[index % 10].id, rating: index % 5 == 0 ? .fail : .good,
                at: start.addingTimeInterval(Double(index) * 600))
        }
    }

    /// 40 answers: new cards 10–14 dated among the stored answers (one at the very time of one), cards 0–9 after
    /// them, so the batch's order is not its time order; every card answered more than once.
    static func batch(_ cards: [Card], userID: Int64) -> [ReviewInput] {
        (0..<40).map { index in
            let rating: Rating = index % 3 == 0 ? .fail : index % 4 == 0 ? .easy : .good
            let newCard = index % 2 == 0
            return ReviewInput(
                userID: userID, cardID: cards[newCard ? 10 + index % 5 : index % 10].id, rating: rating,
                at: start.addingTimeInterval(newCard ? Double(index) * 450 - 300 : 20_000 + Double(index) * 600),
                durationMilliseconds: 3_000)
        }
    }

    @Test func aBatchAfterStoredReviewsEqualsRecordingItOneByOne() async throws {
        let single = try await GameHarness()
        let batched = try await GameHarness()
        let (_, singleCards) = try await single.base.topic("Rome", cards: 15)
        let (_, batchedCards) = try await batched.base.topic("Rome", cards: 15)
        for game in [single, batched] { game.base.time.advance(by: 86_400) }
        for (game, cards) in [(single, singleCards), (batched, batchedCards)] {
            for answer in Self.stored(cards, userID: game.base.user.id) {
                try await game.service.recorder.record(
                    userID: answer.userID, cardID: answer.cardID, rating: answer.rating, at: answer.time)
            }
        }

        var expected: [ReviewResult] = []
        for answer in Self.batch(singleCards, userID: single.base.user.id) {
            expected.append(
                try await single.service.recorder.record(
                    userID: answer.userID, cardID: answer.cardID, rating: answer.rating, at: answer.time,
                    durationMilliseconds: answer.durationMilliseconds))
        }
        let before = try await batched.store.write("count round trips") { $0.roundTrips }
        let results = try await batched.service.recorder.record(
            Self.batch(batchedCards, userID: batched.base.user.id))
        let after = try await batched.store.write("count round trips") { $0.roundTrips }

        #expect(results.map(\.state) == expected.map(\.state))
        #expect(results.map { $0.rewards?.xpGained } == expected.map { $0.rewards?.xpGained })
        #expect(results.map { $0.rewards?.totalXP } == expected.map { $0.rewards?.totalXP })
        #expect(expected.contains { ($0.rewards?.xpGained ?? 0) > 0 })
        for (singleCard, batchedCard) in zip(singleCards, batchedCards) {
            let singleLog = try await single.store.reviewLog(userID: single.base.user.id, cardID: singleCard.id)
            let batchedLog = try await batched.store.reviewLog(userID: batched.base.user.id, cardID: batchedCard.id)
            #expect(batchedLog.map(\.rating) == singleLog.map(\.rating))
            #expect(batchedLog.map(\.reviewedAt) == singleLog.map(\.reviewedAt))
            let singleState = try await single.store.cardState(userID: single.base.user.id, cardID: singleCard.id)
            let batchedState = try await batched.store.cardState(userID: batched.base.user.id, cardID: batchedCard.id)
            #expect(batchedState?.due == singleState?.due)
            #expect(batchedState?.stability == singleState?.stability)
            #expect(batchedState?.reps == singleState?.reps)
        }
        #expect(try await BatchGamificationTests.ledger(batched) == BatchGamificationTests.ledger(single))
        #expect(try await batched.totalXP(batched.base.user) == single.totalXP(single.base.user))
        #expect(
            try await batched.store.scalarText(BatchGamificationTests.dailyStats(batched.store))
                == single.store.scalarText(BatchGamificationTests.dailyStats(single.store)))
        #expect(try await batched.game.state(of: batched.base.user) == single.game.state(of: single.base.user))
        // PostgreSQL: the batch's reads, its recall windows, its writes' answers and the commit (plus the first
        // count's commit), not waits per answer; a named statement's first run on a connection is waited for (the
        // single reviews before read with other statements, so the batch's may be new to the connection).
        if batched.store.path.hasPrefix("postgres") {
            let firstRuns = after.preparations - before.preparations
            #expect(after.waits - before.waits - firstRuns <= 6, "\(before) → \(after)")
        } else {
            #expect(after.waits == 0)
        }
    }
}
