import FCCore
import FCPipeline
import FCStore
import FCTestSupport
import Foundation
import Testing

/// The store tells the gamification step when a review made every card of its topic known.
struct TopicCompletionTests {
    @Test func theReviewThatMakesTheLastCardKnownCompletesTheTopic() async throws {
        let database = await TemporaryDatabase.make()
        let world = try await StudyWorld.make(path: database.path, cards: 2)
        var completes: [Bool] = []
        for (index, card) in world.cards.enumerated() {
            let recorded = try await world.store.recordReview(
                userID: world.user.id, cardID: card.id, sessionID: nil,
                decide: {
                    StudyWorld.decision(
                        $0, rating: 3, at: Fixtures.date.addingTimeInterval(Double(index)), dueIn: 86_400 * 30,
                        level: 5, stability: 30)
                },
                gamify: { input in
                    GamificationWrite(
                        stateJSON: input.card?.completesTopic == true ? "complete" : "open",
                        updatedAt: Fixtures.date)
                })
            #expect(recorded.gamification?.paidXP == 0)
            completes.append(
                try await GamificationRecords.state(on: world.store, userID: world.user.id)?.stateJSON == "complete")
        }
        #expect(completes == [false, true])
    }
}
