import FCCore
import FCPipeline
import FCStore
import FCTestSupport
import Foundation
import Testing

/// A batch's gamification steps may leave the state unencoded until the learner's last step; the store saves one
/// row per learner and refuses a transaction whose last step never encoded it.
struct DeferredStateTests {
    static func decide(_ context: ReviewContext, _ index: Int) -> ReviewDecision {
        StudyWorld.decision(
            context, rating: 2, at: Fixtures.date.addingTimeInterval(Double(index)), dueIn: 600, level: 0,
            stability: 1)
    }

    @Test func theLastStepsTextIsSavedWithEveryStepsXP() async throws {
        let database = await TemporaryDatabase.make()
        let world = try await StudyWorld.make(path: database.path)
        let reviews = world.cards.prefix(3).map { PendingReview(userID: world.user.id, cardID: $0.id) }
        let recorded = try await world.store.recordReviews(reviews, decide: Self.decide) { input, index in
            var write = AwardIdempotencyTests.write(cardID: Int64(index) + 1_000, state: "state \(index)")
            write.awards.removeLast()  // First Steps once would pay once; keep the card XP only
            write.achievements = []
            if index < 2 { write.stateJSON = nil }
            // Each step sees the XP the earlier ones paid.
            #expect(input.stored?.totalXP ?? 0 == index * 25)
            return write
        }
        #expect(recorded.map { $0.gamification?.totalXP } == [25, 50, 75])
        let stored = try await GamificationRecords.state(on: world.store, userID: world.user.id)
        #expect(stored?.stateJSON == "state 2")
        #expect(stored?.totalXP == 75)
    }

    @Test func aBatchWhoseLastStepLeftTheStateUnencodedStoresNothing() async throws {
        let database = await TemporaryDatabase.make()
        let world = try await StudyWorld.make(path: database.path)
        let reviews = world.cards.prefix(2).map { PendingReview(userID: world.user.id, cardID: $0.id) }
        await #expect(throws: StoreError.gamificationStateNotEncoded(userID: world.user.id)) {
            try await world.store.recordReviews(reviews, decide: Self.decide) { _, index in
                var write = AwardIdempotencyTests.write(cardID: Int64(index) + 1_000)
                write.stateJSON = nil
                return write
            }
        }
        #expect(try await world.store.scalarInteger("SELECT COUNT(*) FROM reviews") == 0)
        #expect(try await GamificationRecords.state(on: world.store, userID: world.user.id) == nil)
    }
}
