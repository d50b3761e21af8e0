import FCCore
import FCStore
import FCTestSupport
import Foundation
import Testing

/// The queries behind the study queue, topic summaries and the refill rule with learners.
struct StudyQueueQueryTests {
    @Test func dueCandidatesComeWeakestLevelFirstThenEarliestDueAndOnlyWhenDue() async throws {
        let database = TemporaryDatabase()
        let world = try await StudyWorld.make(path: database.path, cards: 5)
        let c = world.cards
        try await world.review(c[0], dueIn: 300, level: 2)
        try await world.review(c[1], dueIn: 200, level: 1)
        try await world.review(c[2], dueIn: 100, level: 2)
        try await world.review(c[3], dueIn: 999_999, level: 0)  // not due yet

        let until = Fixtures.date.addingTimeInterval(1_000)
        let due = try await world.store.dueCandidates(userID: world.user.id, topicIDs: nil, until: until, limit: 10)

        #expect(due.map(\.cardID) == [c[1].id, c[2].id, c[0].id])
        #expect(due.map(\.level) == [1, 2, 2])
        let limited = try await world.store.dueCandidates(
            userID: world.user.id, topicIDs: [world.topic.id], until: until, limit: 2)
        #expect(limited.count == 2)
        #expect(
            try await world.store.dueCandidates(userID: world.user.id, topicIDs: [999], until: until, limit: 9).isEmpty)
        #expect(try await world.store.newCardIDs(userID: world.user.id, topicIDs: nil, limit: 10) == [c[4].id])
    }

    @Test func anotherLearnersStateDoesNotCount() async throws {
        let database = TemporaryDatabase()
        let world = try await StudyWorld.make(path: database.path, cards: 3)
        let other = try await world.store.ensureUser(named: "Ana")
        try await world.review(world.cards[0], dueIn: 0)

        let until = Fixtures.date.addingTimeInterval(1)
        #expect(try await world.store.dueCandidates(userID: other.id, topicIDs: nil, until: until, limit: 9).isEmpty)
        #expect(try await world.store.newCardIDs(userID: other.id, topicIDs: nil, limit: 9).count == 3)
        let summary = try #require(
            try await world.store.topicStudySummaries(userID: world.user.id, until: until).first)
        #expect(summary.cardCount == 3)
        #expect(summary.studiedCount == 1)
        #expect(summary.newCount == 2)
        #expect(summary.dueCount == 1)
        #expect(summary.knownCount == 0)
    }

    @Test func knownCardsFollowTheKnownRule() async throws {
        let database = TemporaryDatabase()
        let world = try await StudyWorld.make(path: database.path, cards: 4)
        try await world.review(world.cards[0], stability: 21)
        try await world.review(world.cards[1], stability: 20.9)
        let summary = try #require(
            try await world.store.topicStudySummaries(userID: world.user.id, until: Fixtures.date).first)
        #expect(summary.knownCount == 1)
        #expect(summary.progress == 0.25)
    }

    @Test func theRefillRuleCountsCardsTheFurthestLearnerHasNotStudied() async throws {
        let database = TemporaryDatabase()
        let world = try await StudyWorld.make(path: database.path, cards: 6)
        try await world.store.setTopicPolicy(TopicPolicy(refillBelow: 4, batchSize: 5), topicID: world.topic.id)
        // No one has studied anything: all 6 count, not due.
        #expect(try await world.store.topicRefillStatus(topicID: world.topic.id).unstudiedCount == 6)
        #expect(try await world.store.enqueueDueRefills(maxAttempts: 3).isEmpty)

        let ana = try await world.store.ensureUser(named: "Ana")
        for card in world.cards.prefix(2) { try await world.review(card) }
        for card in world.cards.prefix(3) {
            _ = try await world.store.recordReview(userID: ana.id, cardID: card.id, sessionID: nil) { context in
                StudyWorld.decision(context, rating: 2, at: Fixtures.date, dueIn: 60, level: 1, stability: 1)
            }
        }

        let status = try await world.store.topicRefillStatus(topicID: world.topic.id)
        #expect(status.unstudiedCount == 3)
        #expect(status.isRefillDue)
        #expect(try await world.store.enqueueDueRefills(maxAttempts: 3).map(\.topicID) == [world.topic.id])
    }
}
