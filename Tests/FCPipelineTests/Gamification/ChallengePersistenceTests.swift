import FCCore
import FCGamification
import FCPipeline
import FCStore
import FCTestSupport
import Foundation
import Testing

/// Challenges are stored per learner and local day and expire at the learner's next local midnight.
struct ChallengePersistenceTests {
    @Test(arguments: [
        // 2023-11-14T22:13:20Z is 17:13 in New York (UTC−5) and 03:43 on the 15th in Kolkata (UTC+5:30).
        ("America/New_York", "2023-11-14", 1_700_024_400.0, "2023-11-15", 1_700_110_800.0),
        ("Asia/Kolkata", "2023-11-15", 1_700_073_000.0, "2023-11-16", 1_700_159_400.0),
    ])
    func challengesArePersistedPerLocalDay(
        zone: String, firstDay: String, firstExpiry: Double, secondDay: String, secondExpiry: Double
    ) async throws {
        let game = try await GameHarness()
        let (_, cards) = try await game.base.topic("Rome", cards: 2)
        let user = try await game.learner("zoe", zone: zone)
        try await game.service.recorder.record(
            userID: user.id, cardID: cards[0].id, rating: .good, at: StudyHarness.start)
        let first = try await GamificationRecords.challenges(on: game.store, userID: user.id, day: firstDay)
        #expect(first.count == 3)
        #expect(first.allSatisfy { $0.expiresAt == Date(timeIntervalSince1970: firstExpiry) })
        #expect(first.first { $0.kind == "card_master" }?.progress == 1)

        // A day later (local): a new day's rows; the old ones stay as they were.
        game.base.time.advance(by: 86_400)
        try await game.service.recorder.record(
            userID: user.id, cardID: cards[1].id, rating: .good, at: StudyHarness.start.addingTimeInterval(86_400))
        let second = try await GamificationRecords.challenges(on: game.store, userID: user.id, day: secondDay)
        #expect(second.count == 3)
        #expect(second.allSatisfy { $0.expiresAt == Date(timeIntervalSince1970: secondExpiry) })
        #expect(try await GamificationRecords.challenges(on: game.store, userID: user.id, day: firstDay) == first)
        let shown = try await game.game.challenges(of: user)
        #expect(shown.map(\.day.description) == [secondDay, secondDay, secondDay])
        #expect(shown.first { $0.kind == .cardMaster }?.progress == 1)
    }

    /// Reviews write only the challenges they moved; the stored rows still follow the learner's state after each one.
    @Test func storedRowsFollowTheStateReviewAfterReview() async throws {
        let game = try await GameHarness()
        let (_, cards) = try await game.base.topic("Rome", cards: 3)
        let user = try await game.learner("zoe", zone: "UTC")
        let ratings: [(Int, Rating)] = [(0, .good), (0, .fail), (1, .good), (1, .good), (2, .difficult)]
        for (step, (card, rating)) in ratings.enumerated() {
            if step > 0 { game.base.time.advance(by: 60) }
            let time = StudyHarness.start.addingTimeInterval(Double(step) * 60)
            try await game.service.recorder.record(userID: user.id, cardID: cards[card].id, rating: rating, at: time)
            let shown = try await game.game.challenges(of: user)
            let stored = try await GamificationRecords.challenges(
                on: game.store, userID: user.id, day: shown[0].day.description)
            #expect(stored.count == 3)
            for challenge in shown {
                let row = stored.first { $0.kind == challenge.kind.rawValue }
                #expect(row?.progress == challenge.progress, "step \(step): \(challenge.kind)")
                #expect(row?.completedAt == challenge.completedAt)
            }
        }
        let final = try await GamificationRecords.challenges(on: game.store, userID: user.id, day: "2023-11-14")
        #expect(final.first { $0.kind == "card_master" }?.progress == 3)
    }
}
