import FCCore
import FCPipeline
import FCStore
import FCTestSupport
import Foundation
import Testing

/// The queries behind the study queue, topic summaries and the refill rule with learners.
struct StudyQueueQueryTests {
    @Test func dueCandidatesComeWeakestLevelFirstThenEarliestDueAndOnlyWhenDue() async throws {
        let database = await TemporaryDatabase.make()
        let world = try await StudyWorld.make(path: database.path, cards: 5)
        let c = world.cards
        try await world.review(c[0], dueIn: 300, level: 2)
        try await world.review(c[1], dueIn: 200, level: 1)
        try await world.review(c[2], dueIn: 100, level: 2)
        try await world.review(c[3], dueIn: 999_999, level: 0)  // not due yet

        let until = Fixtures.date.addingTimeInterval(1_000)
        let due = try await StudyReads.dueCandidates(
            on: world.store, userID: world.user.id, topicIDs: nil, until: until, limit: 10)

        #expect(due.map(\.cardID) == [c[1].id, c[2].id, c[0].id])
        #expect(due.map(\.level) == [1, 2, 2])
        let limited = try await StudyReads.dueCandidates(
            on: world.store, userID: world.user.id, topicIDs: [world.topic.id], until: until, limit: 2)
        #expect(limited.count == 2)
        #expect(
            try await StudyReads.dueCandidates(
                on: world.store, userID: world.user.id, topicIDs: [999], until: until, limit: 9
            ).isEmpty)
        #expect(
            try await StudyReads.newCardIDs(on: world.store, userID: world.user.id, topicIDs: nil, limit: 10) == [
                c[4].id
            ])
    }

    /// The query's `LIMIT` is the next power of two (``Database/newCardsLimit(_:)``); the answer still has exactly
    /// the first `limit` new cards in deck order, for one topic and for all.
    @Test func newCardsAreCutToTheLimitAskedFor() async throws {
        let database = await TemporaryDatabase.make()
        let world = try await StudyWorld.make(path: database.path, cards: 40)
        try await world.review(world.cards[0], dueIn: 0)
        let unseen = world.cards.dropFirst().map(\.id)
        for limit in [0, 1, 15, 16, 17, 33, 39, 100] {
            for topics in [nil, [world.topic.id]] {
                let ids = try await StudyReads.newCardIDs(
                    on: world.store, userID: world.user.id, topicIDs: topics, limit: limit)
                #expect(ids == Array(unseen.prefix(limit)), "limit \(limit), topics \(String(describing: topics))")
            }
        }
    }

    @Test func anotherLearnersStateDoesNotCount() async throws {
        let database = await TemporaryDatabase.make()
        let world = try await StudyWorld.make(path: database.path, cards: 3)
        let other = try await Learners.ensure(on: world.store, named: "Ana")
        try await world.review(world.cards[0], dueIn: 0)

        let until = Fixtures.date.addingTimeInterval(1)
        #expect(
            try await StudyReads.dueCandidates(on: world.store, userID: other.id, topicIDs: nil, until: until, limit: 9)
                .isEmpty)
        #expect(try await StudyReads.newCardIDs(on: world.store, userID: other.id, topicIDs: nil, limit: 9).count == 3)
        let summary = try #require(
            try await StudyReads.topicSummaries(on: world.store, userID: world.user.id, until: until).first)
        #expect(summary.cardCount == 3)
        #expect(summary.studiedCount == 1)
        #expect(summary.newCount == 2)
        #expect(summary.dueCount == 1)
        #expect(summary.knownCount == 0)
    }

    @Test func knownCardsFollowTheKnownRule() async throws {
        let database = await TemporaryDatabase.make()
        let world = try await StudyWorld.make(path: database.path, cards: 4)
        try await world.review(world.cards[0], stability: 21)
        try await world.review(world.cards[1], stability: 20.9)
        let summary = try #require(
            try await StudyReads.topicSummaries(on: world.store, userID: world.user.id, until: Fixtures.date).first)
        #expect(summary.knownCount == 1)
        #expect(summary.progress == 0.25)
    }

    @Test func theRefillRuleCountsCardsTheFurthestLearnerHasNotStudied() async throws {
        let database = await TemporaryDatabase.make()
        let world = try await StudyWorld.make(path: database.path, cards: 6)
        try await Topics.setPolicy(on: world.store, TopicPolicy(refillBelow: 4, batchSize: 5), topicID: world.topic.id)
        // No one has studied anything: all 6 count, not due.
        #expect(try await Topics.refillStatus(on: world.store, topicID: world.topic.id).unstudiedCount == 6)
        #expect(try await RefillJobs.enqueueDue(on: world.store, maxAttempts: 3).isEmpty)

        let ana = try await Learners.ensure(on: world.store, named: "Ana")
        for card in world.cards.prefix(2) { try await world.review(card) }
        for card in world.cards.prefix(3) {
            _ = try await world.store.recordReview(userID: ana.id, cardID: card.id, sessionID: nil) { context in
                StudyWorld.decision(context, rating: 2, at: Fixtures.date, dueIn: 60, level: 1, stability: 1)
            }
        }

        let status = try await Topics.refillStatus(on: world.store, topicID: world.topic.id)
        #expect(status.unstudiedCount == 3)
        #expect(status.isRefillDue)
        #expect(try await RefillJobs.enqueueDue(on: world.store, maxAttempts: 3).map(\.topicID) == [world.topic.id])
    }
}

/// The recall window and the due query's plan.
struct RecallWindowAndPlanTests {
    @Test func theRecallWindowCountsTheLatestReviewsOfTheLearnerInTheTopicOnly() async throws {
        let database = await TemporaryDatabase.make()
        let world = try await StudyWorld.make(path: database.path, cards: 4)
        let other = try await Topics.ensure(on: world.store, named: "Other")
        let otherCards = try await BatchStorage.store(
            on: world.store, Fixtures.batch(topicID: other.id, number: 1, cards: Fixtures.drafts(1, prefix: "Other"))
        ).cards
        let ana = try await Learners.ensure(on: world.store, named: "Ana")
        let base = Fixtures.date
        for (index, rating) in [2, 0, 2, 2, 0, 3].enumerated() {
            try await world.review(world.cards[index % 4], rating: rating, at: base.addingTimeInterval(Double(index)))
        }
        try await world.store.recordReview(userID: world.user.id, cardID: otherCards[0].id, sessionID: nil) {
            StudyWorld.decision($0, rating: 0, at: base, dueIn: 60, level: 0, stability: 1)
        }
        try await world.store.recordReview(userID: ana.id, cardID: world.cards[0].id, sessionID: nil) {
            StudyWorld.decision($0, rating: 0, at: base, dueIn: 60, level: 0, stability: 1)
        }

        let all = try await world.store.recentRecall(
            userID: world.user.id, topicID: world.topic.id, before: base.addingTimeInterval(10), window: 50)
        #expect(all == RecallSample(reviews: 6, passed: 4))
        let lastThree = try await world.store.recentRecall(
            userID: world.user.id, topicID: world.topic.id, before: base.addingTimeInterval(10), window: 3)
        #expect(lastThree == RecallSample(reviews: 3, passed: 2))
        let beforeFourth = try await world.store.recentRecall(
            userID: world.user.id, topicID: world.topic.id, before: base.addingTimeInterval(2), window: 50)
        #expect(beforeFourth == RecallSample(reviews: 3, passed: 2))
    }

    /// The window reads each review's own topic (migration 19), which a card's move to another topic carries along:
    /// its reviews leave the old topic's window and join the new one's, as if they had been recorded there.
    @Test func aCardMovedToAnotherTopicTakesItsReviewsIntoThatTopicsWindow() async throws {
        let database = await TemporaryDatabase.make()
        let world = try await StudyWorld.make(path: database.path, cards: 3)
        let other = try await Topics.ensure(on: world.store, named: "Other")
        let base = Fixtures.date
        for (index, rating) in [2, 0, 3].enumerated() {
            try await world.review(world.cards[index], rating: rating, at: base.addingTimeInterval(Double(index)))
        }
        let later = base.addingTimeInterval(60)
        #expect(
            try await world.store.recentRecall(
                userID: world.user.id, topicID: world.topic.id, before: later, window: 50)
                == RecallSample(reviews: 3, passed: 2))

        _ = try await world.store.write("move") { try await $0.moveCard(id: world.cards[1].id, toTopic: other.id) }
        #expect(
            try await world.store.recentRecall(
                userID: world.user.id, topicID: world.topic.id, before: later, window: 50)
                == RecallSample(reviews: 2, passed: 2))
        #expect(
            try await world.store.recentRecall(userID: world.user.id, topicID: other.id, before: later, window: 50)
                == RecallSample(reviews: 1, passed: 0))
        let stored = try await world.store.scalarInteger(
            "SELECT COUNT(*) FROM reviews r JOIN cards c ON c.id = r.card_id WHERE r.topic_id = c.topic_id")
        #expect(stored == 3, "every review's topic is its card's")
    }

    /// SQLite's recall window reads one range of the learner's `(user_id, topic_id, reviewed_at, id, rating)` index
    /// (migration 19) in the window's order: no sort, no table lookup. PostgreSQL's plan: `PostgresRecallWindowTests`.
    @Test func theRecallWindowReadsOneRangeOfTheLearnersTopicIndexWithoutSorting() async throws {
        let database = await TemporaryDatabase.make()
        let world = try await StudyWorld.make(path: database.path, cards: 1)
        let plan = try await world.store.queryPlan(Database.recentRecallSQL(.sqlite))
        let range =
            "SEARCH reviews USING COVERING INDEX reviews_user_topic_time (user_id=? AND topic_id=? AND reviewed_at<?)"
        #expect(plan.contains { $0.contains(range) }, "\(plan)")
        #expect(!plan.contains { $0.contains("TEMP B-TREE") }, "\(plan)")
    }

    @Test func theDueQuerySeeksTheLevelIndexWithoutSorting() async throws {
        let database = await TemporaryDatabase.make()
        let world = try await StudyWorld.make(path: database.path, cards: 1)
        let plan = try await world.store.queryPlan(Database.dueCandidatesSQL)
        #expect(
            plan.contains {
                $0.contains(
                    "SEARCH s USING COVERING INDEX card_states_user_level_due (user_id=? AND level=? AND due<?)")
            })
        #expect(!plan.contains { $0.contains("TEMP B-TREE") })
    }

    /// The feed's new cards of one topic: the topic's index in deck order, no scan of every card and no sort.
    @Test func theNewCardsOfOneTopicSeekTheTopicIndexWithoutSorting() async throws {
        let database = await TemporaryDatabase.make()
        let world = try await StudyWorld.make(path: database.path, cards: 1)
        let plan = try await world.store.queryPlan(Database.newCardsOfOneTopicSQL)
        #expect(plan.contains { $0.contains("SEARCH c USING INDEX cards_topic_position (topic_id=?)") }, "\(plan)")
        #expect(!plan.contains { $0.contains("TEMP B-TREE") })
    }

    @Test func seededLearningCardsAreDueInOrderAndLaterLevelsAreFound() async throws {
        let database = await TemporaryDatabase.make()
        let world = try await StudyWorld.make(path: database.path, cards: 1)
        let base = Fixtures.date
        let seeded = try await world.store.seedLearningCards(
            topicID: world.topic.id, userID: world.user.id, count: 1_000, firstDue: base, dueStep: 60)
        #expect(seeded.cardIDs.count == 1_000)
        let strong = try await world.store.seedLearningCards(
            topicID: world.topic.id, userID: world.user.id, count: 3, firstDue: base.addingTimeInterval(-600),
            dueStep: 1, level: 4)
        let due = try await StudyReads.dueCandidates(
            on: world.store, userID: world.user.id, topicIDs: nil, until: base.addingTimeInterval(120), limit: 10)
        #expect(
            due.map(\.cardID) == [
                seeded.cardIDs.lowerBound, seeded.cardIDs.lowerBound + 1,
                seeded.cardIDs.lowerBound + 2,
            ] + Array(strong.cardIDs))
        let onlyStrong = try await StudyReads.dueCandidates(
            on: world.store, userID: world.user.id, topicIDs: [world.topic.id], until: base.addingTimeInterval(-1),
            limit: 10)
        #expect(onlyStrong.map(\.cardID) == Array(strong.cardIDs))
        #expect(onlyStrong.allSatisfy { $0.level == 4 })
    }
}
