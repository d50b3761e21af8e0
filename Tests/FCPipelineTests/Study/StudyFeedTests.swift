import FCCore
import FCPipeline
import FCStore
import FCTestSupport
import Foundation
import Testing

/// The feed's rules as a use case, without the route: a learner running out asks for one refill, a topic without a
/// policy asks for none, an unknown topic is named.
struct StudyFeedTests {
    /// A store at `database` (which the caller keeps alive) with a topic "Rome" of `cards` cards and a learner.
    private func storeWithTopic(
        at database: TemporaryDatabase, cards: Int, policy: TopicPolicy?
    ) async throws -> (Store, Int64, Int64) {
        let store = try await Store.open(path: database.path, now: ManualNow().now)
        let topic = try await Topics.ensure(on: store, named: "Rome")
        if let policy { try await Topics.setPolicy(on: store, policy, topicID: topic.id) }
        for number in 0..<cards {
            _ = try await CardEditing.add(
                on: store,
                NewCard(
                    topicID: topic.id, kind: .question, question: "Who was consul in year \(number)?",
                    answer: "Consul \(number)", explanation: nil))
        }
        let learner = try await Learners.ensure(on: store, named: "ana")
        return (store, topic.id, learner.id)
    }

    @Test func aLearnerRunningOutAsksForOneRefill() async throws {
        let database = await TemporaryDatabase.make()
        let (store, topicID, userID) = try await storeWithTopic(
            at: database, cards: 2, policy: TopicPolicy(refillBelow: 5, batchSize: 10))
        let first = try await StudyFeed.page(
            on: store, topicID: topicID, userID: userID, until: store.now(), limit: 10, refillAttempts: 3)
        #expect(first.cards.count == 2 && first.unseen == 2)
        #expect(first.refilling && !first.exhausted)
        let second = try await StudyFeed.page(
            on: store, topicID: topicID, userID: userID, until: store.now(), limit: 1, refillAttempts: 3)
        #expect(second.cards.count == 1 && second.refilling)
        let jobs = try await RefillJobs.list(on: store, topicID: topicID)
        #expect(jobs.count == 1 && jobs.first?.maxAttempts == 3)
        await store.close()
    }

    @Test func aTopicWithoutAPolicyAsksForNothing() async throws {
        let database = await TemporaryDatabase.make()
        let (store, topicID, userID) = try await storeWithTopic(at: database, cards: 1, policy: nil)
        let page = try await StudyFeed.page(
            on: store, topicID: topicID, userID: userID, until: store.now(), limit: 10, refillAttempts: 3)
        #expect(page.cards.count == 1 && !page.refilling && !page.exhausted)
        #expect(try await RefillJobs.list(on: store, topicID: topicID).isEmpty)
        let empty = try await Topics.ensure(on: store, named: "Carthage")
        let nothing = try await StudyFeed.page(
            on: store, topicID: empty.id, userID: userID, until: store.now(), limit: 10, refillAttempts: 3)
        #expect(nothing.cards.isEmpty && nothing.unseen == 0 && nothing.exhausted)
        await store.close()
    }

    @Test func anUnknownTopicIsNamed() async throws {
        let database = await TemporaryDatabase.make()
        let (store, _, userID) = try await storeWithTopic(at: database, cards: 0, policy: nil)
        await #expect(throws: StoreError.topicNotFound(topicID: 999)) {
            try await StudyFeed.page(
                on: store, topicID: 999, userID: userID, until: store.now(), limit: 10, refillAttempts: 3)
        }
        await store.close()
    }
}
