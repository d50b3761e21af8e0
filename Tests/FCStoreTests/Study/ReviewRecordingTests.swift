import FCCore
import FCPipeline
import FCScheduler
import FCStore
import FCTestSupport
import Foundation
import Testing

/// Recording a review: log row, state and session counters in one transaction.
struct ReviewRecordingTests {
    @Test func writesTheReviewRowAndTheStateTogether() async throws {
        let database = await TemporaryDatabase.make()
        let world = try await StudyWorld.make(path: database.path)
        let card = world.cards[0]

        let first = try await world.review(card, rating: 2)
        let second = try await world.review(card, rating: 0, at: Fixtures.date.addingTimeInterval(90_000))

        #expect(first.state.reps == 1)
        #expect(second.state.reps == 2)
        let stored = try #require(try await world.store.cardState(userID: world.user.id, cardID: card.id))
        #expect(stored == second.state)
        #expect(stored.algorithm == .badger)
        let log = try await world.store.reviewLog(userID: world.user.id, cardID: card.id)
        #expect(log.map(\.rating) == [2, 0])
        #expect(log.last?.reviewedAt == Fixtures.date.addingTimeInterval(90_000))
        #expect(try await world.store.scalarInteger("SELECT duration_ms FROM reviews LIMIT 1") == 1200)
    }

    @Test func aFaultAfterTheReviewRowLeavesNeitherRowNorState() async throws {
        let database = await TemporaryDatabase.make()
        let world = try await StudyWorld.make(path: database.path)
        try await world.review(world.cards[0])
        let session = try await Sessions.start(
            on: world.store, userID: world.user.id, mode: .spaced, topicIDs: [world.topic.id],
            queue: [world.cards[1].id])

        await world.store.setFaultAfterReviewInsert(true)
        await #expect(throws: StoreError.injectedFault(afterCardInserts: 0)) {
            try await world.review(world.cards[1], session: session.id)
        }
        await world.store.setFaultAfterReviewInsert(false)

        #expect(try await world.store.scalarInteger("SELECT COUNT(*) FROM reviews") == 1)
        #expect(try await world.store.cardState(userID: world.user.id, cardID: world.cards[1].id) == nil)
        #expect(try await Sessions.session(on: world.store, id: session.id, userID: world.user.id).position == 0)
        #expect(try await world.store.integrityCheck() == "ok")
    }

    @Test func anErrorInsideDecideRollsBackAndUnknownCardsAreRefused() async throws {
        struct Refused: Error {}
        let database = await TemporaryDatabase.make()
        let world = try await StudyWorld.make(path: database.path)
        await #expect(throws: Refused.self) {
            try await world.store.recordReview(userID: world.user.id, cardID: world.cards[0].id, sessionID: nil) { _ in
                throw Refused()
            }
        }
        await #expect(throws: StoreError.cardNotFound(id: 999)) {
            try await world.store.recordReview(userID: world.user.id, cardID: 999, sessionID: nil) { _ in
                throw Refused()
            }
        }
        #expect(try await world.store.scalarInteger("SELECT COUNT(*) FROM reviews") == 0)
    }

    @Test func sessionCountersMoveWithEachAnswerAndRefuseTheWrongCard() async throws {
        let database = await TemporaryDatabase.make()
        let world = try await StudyWorld.make(path: database.path)
        let queue = world.cards.prefix(3).map(\.id)
        let session = try await Sessions.start(
            on: world.store, userID: world.user.id, mode: .spaced, topicIDs: [world.topic.id], queue: queue)

        try await world.review(world.cards[0], rating: 3, session: session.id)
        await #expect(
            throws: StoreError.sessionConflict(id: session.id, problem: "the next card is \(queue[1]), not \(queue[2])")
        ) {
            try await world.review(world.cards[2], session: session.id)
        }
        let after = try #require(try await world.review(world.cards[1], rating: 0, session: session.id).session)

        #expect(after.position == 2)
        #expect(after.counts == SessionCounts(cards: 2, correct: 1, failed: 1, empty: 0, ratingSum: 3))
        #expect(after.counts.averageRating == 1.5)
        #expect(after.nextCardID == queue[2])
        let ended = try await world.store.endSession(id: session.id, userID: world.user.id).session
        #expect(ended.endedAt == Fixtures.date)
        await #expect(throws: StoreError.sessionEnded(id: session.id)) {
            try await world.review(world.cards[2], session: session.id)
        }
        #expect(try await Sessions.recent(on: world.store, userID: world.user.id, limit: 5).map(\.id) == [session.id])
    }

    @Test func switchingTheAlgorithmKeepsTheLogAndHandsItToTheRebuild() async throws {
        let database = await TemporaryDatabase.make()
        let world = try await StudyWorld.make(path: database.path)
        try await world.review(world.cards[0], rating: 2)
        try await world.review(world.cards[0], rating: 3, at: Fixtures.date.addingTimeInterval(100_000))

        let histories = try await world.store.write("set topic algorithm") { db in
            guard try await db.updateTopicAlgorithm(.fsrs, topicID: world.topic.id) else { return [CardHistory]() }
            return try await db.stateHistories(topicID: world.topic.id, recallWindow: 0)
        }

        #expect(histories.map(\.cardID) == [world.cards[0].id])
        #expect(histories.map(\.userID) == [world.user.id])
        #expect(histories.first?.log.count == 2)
        #expect(try await world.store.read { try await $0.topicAlgorithm(topicID: world.topic.id) } == .fsrs)
        #expect(
            try await world.store.write("x") { try await $0.updateTopicAlgorithm(.fsrs, topicID: 999_999) } == false)
        #expect(try await world.store.reviewLog(userID: world.user.id, cardID: world.cards[0].id).count == 2)
    }
}
