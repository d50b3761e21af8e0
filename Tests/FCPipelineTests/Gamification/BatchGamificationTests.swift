import FCCore
import FCPipeline
import FCStore
import FCTestSupport
import Foundation
import Testing

/// Answers recorded in one batch earn what they earn recorded one by one, once, all or nothing.
struct BatchGamificationTests {
    /// 120 answers to 9 cards, 3 hours apart (so over 15 days: streaks, challenges, achievements).
    static func answers(_ cards: [Card], userID: Int64) -> [ReviewInput] {
        (0..<120).map { index in
            let rating: Rating = index % 7 == 0 ? .fail : index % 4 == 0 ? .easy : .good
            return ReviewInput(
                userID: userID, cardID: cards[index % cards.count].id, rating: rating,
                at: StudyHarness.start.addingTimeInterval(Double(index) * 3 * 3_600), durationMilliseconds: 4_000)
        }
    }

    /// The award ledger as comparable rows (key, XP, day), oldest first.
    static func ledger(_ game: GameHarness) async throws -> [String] {
        try await GamificationRecords.awards(on: game.store, userID: game.base.user.id, limit: 10_000).reversed().map {
            "\($0.key) \($0.xp) \($0.day)"
        }
    }

    @Test func aBatchPaysTheSameAwardsAsRecordingOneByOne() async throws {
        let single = try await GameHarness()
        let batched = try await GameHarness()
        let (_, singleCards) = try await single.base.topic("Rome", cards: 9)
        let (_, batchedCards) = try await batched.base.topic("Rome", cards: 9)
        // The clock runs ahead to the last answer: an answer cannot be dated in the future.
        single.base.time.advance(by: 16 * 86_400)
        batched.base.time.advance(by: 16 * 86_400)
        var singleXP = 0
        for answer in Self.answers(singleCards, userID: single.base.user.id) {
            let result = try await single.service.recorder.record(
                userID: answer.userID, cardID: answer.cardID, rating: answer.rating, at: answer.time,
                durationMilliseconds: answer.durationMilliseconds)
            singleXP += result.rewards?.xpGained ?? 0
        }
        let answers = Self.answers(batchedCards, userID: batched.base.user.id)
        var results: [ReviewResult] = []
        for first in stride(from: 0, to: answers.count, by: 50) {
            results += try await batched.service.recorder.record(Array(answers[first..<min(first + 50, answers.count)]))
        }
        #expect(results.count == answers.count)
        #expect(results.allSatisfy { $0.rewards != nil })
        let expected = try await Self.ledger(single)
        #expect(expected.count > answers.count / 2)
        #expect(try await Self.ledger(batched) == expected)
        #expect(results.reduce(0) { $0 + ($1.rewards?.xpGained ?? 0) } == singleXP)
        #expect(try await batched.totalXP(batched.base.user) == singleXP)
        #expect(try await single.totalXP(single.base.user) == singleXP)
        let day = "2023-11-20"
        #expect(
            try await GamificationRecords.challenges(on: batched.store, userID: batched.base.user.id, day: day)
                == GamificationRecords.challenges(on: single.store, userID: single.base.user.id, day: day))
        #expect(
            try await batched.store.scalarText(Self.dailyStats(batched.store))
                == single.store.scalarText(Self.dailyStats(single.store)))
        // Equal states, compared decoded: sets encode in no fixed order.
        #expect(try await batched.game.state(of: batched.base.user) == single.game.state(of: single.base.user))
    }

    @Test func replayingABatchPaysNothingMore() async throws {
        let game = try await GameHarness()
        let (_, cards) = try await game.base.topic("Rome", cards: 9)
        // The clock runs ahead to the last answer: an answer cannot be dated in the future.
        game.base.time.advance(by: 16 * 86_400)
        // Each card once: a replay repeats every answer at its time, none dated before its card's last review.
        let answers = Array(Self.answers(cards, userID: game.base.user.id).prefix(cards.count))
        let first = try await game.service.recorder.record(answers)
        let paid = first.reduce(0) { $0 + ($1.rewards?.xpGained ?? 0) }
        #expect(paid > 0)
        let ledger = try await Self.ledger(game)
        let replay = try await game.service.recorder.record(answers)
        #expect(replay.allSatisfy { $0.rewards?.xpGained == 0 })
        #expect(try await game.totalXP(game.base.user) == paid)
        #expect(try await Self.ledger(game) == ledger)
    }

    @Test func aFailureInTheMiddleStoresNothing() async throws {
        let game = try await GameHarness()
        let (_, cards) = try await game.base.topic("Rome", cards: 9)
        // The clock runs ahead to the last answer: an answer cannot be dated in the future.
        game.base.time.advance(by: 16 * 86_400)
        var answers = Array(Self.answers(cards, userID: game.base.user.id).prefix(10))
        try await game.service.recorder.record(Array(answers.prefix(3)))
        let before = try await game.base.tableContents()
        answers.insert(
            ReviewInput(userID: game.base.user.id, cardID: 999, rating: .good, at: answers[5].time), at: 6)
        await #expect(throws: StoreError.cardNotFound(id: 999)) {
            try await game.service.recorder.record(Array(answers.dropFirst(3)))
        }
        #expect(try await game.base.tableContents() == before)
    }

    /// Every learner-day's counters as one text, in either engine's SQL.
    static func dailyStats(_ store: Store) -> String {
        store.path.hasPrefix("postgres")
            ? "SELECT string_agg(day || cards_reviewed || xp, ',' ORDER BY day) FROM daily_stats"
            : "SELECT group_concat(day || cards_reviewed || xp) FROM daily_stats"
    }
}
