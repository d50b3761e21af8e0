import FCCore
import FCPipeline
import FCStore
import FCTestSupport
import Foundation
import Testing

/// The feed's one read: due cards first, then unseen ones, with the policy, batch count and open job the refill
/// decision needs.
struct FeedReadTests {
    @Test func dueCardsComeFirstThenUnseenInDeckOrderWithinTheLimit() async throws {
        let database = await TemporaryDatabase.make()
        let world = try await StudyWorld.make(path: database.path, cards: 6)
        let c = world.cards
        _ = try await world.review(c[3], dueIn: 10, level: 1)
        _ = try await world.review(c[4], dueIn: 999_999, level: 0)  // studied, not due: neither due nor unseen

        let until = Fixtures.date.addingTimeInterval(100)
        let read = try await world.store.read {
            try await $0.feed(userID: world.user.id, topicID: world.topic.id, until: until, limit: 3)
        }

        #expect(read.cards.map(\.id) == [c[3].id, c[0].id, c[1].id])
        #expect(read.unseenIDs == [c[0].id, c[1].id, c[2].id])
        #expect(read.policy == nil)
        #expect(read.openJob == nil)
        #expect(read.batchCount == 0)  // counted only when a batch cap needs it
    }

    @Test func theUnseenListReachesTheRefillThresholdAndTheOpenJobIsRead() async throws {
        let database = await TemporaryDatabase.make()
        let world = try await StudyWorld.make(path: database.path, cards: 6)
        let policy = TopicPolicy(refillBelow: 5, batchSize: 5, maxBatches: 4)
        try await Topics.setPolicy(on: world.store, policy, topicID: world.topic.id)
        let job = try #require(try await RefillJobs.enqueue(on: world.store, topicID: world.topic.id, maxAttempts: 3))

        let read = try await world.store.read {
            try await $0.feed(userID: world.user.id, topicID: world.topic.id, until: Fixtures.date, limit: 2)
        }

        #expect(read.cards.count == 2)
        #expect(read.unseenIDs.count == 5)
        #expect(read.policy == policy)
        #expect(read.batchCount == 1)
        #expect(read.openJob?.id == job.id)
        #expect(read.openJob?.status == .queued)
    }

    @Test func anUnknownTopicIsTopicNotFound() async throws {
        let database = await TemporaryDatabase.make()
        let world = try await StudyWorld.make(path: database.path, cards: 1)
        await #expect(throws: StoreError.topicNotFound(topicID: 999)) {
            _ = try await world.store.read {
                try await $0.feed(userID: world.user.id, topicID: 999, until: Fixtures.date, limit: 2)
            }
        }
    }
}
