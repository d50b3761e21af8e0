import FCCore
import FCPipeline
import FCStore
import FCTestSupport
import Foundation
import Testing

/// The topic rules the use cases hold since they left the store: the name rule before anything is written, a topic
/// with cards deleted only when forced, a policy's values at least 1, an unknown topic named; and a topic made inside
/// a caller's transaction rolls back with it.
struct TopicUseCaseTests {
    @Test func aTopicWithCardsIsDeletedOnlyWhenForced() async throws {
        let database = await TemporaryDatabase.make()
        let store = try await Store.open(path: database.path, now: ManualNow().now)
        let topic = try await Topics.ensure(on: store, named: "Rome")
        _ = try await CardEditing.add(
            on: store,
            NewCard(topicID: topic.id, kind: .question, question: "Founded?", answer: "753 BC", explanation: nil))
        await #expect(throws: StoreError.topicHasCards(name: "Rome", cards: 1)) {
            try await Topics.delete(on: store, id: topic.id, force: false)
        }
        #expect(try await store.read { try await $0.cards(topicID: topic.id) }.count == 1)
        let deleted = try await Topics.delete(on: store, id: topic.id, force: true)
        #expect([deleted.name] == ["Rome"] && [deleted.cards, deleted.batches, deleted.jobs] == [1, 0, 0])
        #expect(try await Topics.named(on: store, "Rome") == nil)
        await #expect(throws: StoreError.topicNotFound(topicID: topic.id)) {
            try await Topics.delete(on: store, id: topic.id, force: true)
        }
        await store.close()
    }

    @Test func aRenameKeepsToTheNameRuleAndToUniqueNames() async throws {
        let database = await TemporaryDatabase.make()
        let store = try await Store.open(path: database.path, now: ManualNow().now)
        let rome = try await Topics.ensure(on: store, named: "Rome")
        _ = try await Topics.ensure(on: store, named: "Greece")
        await #expect(throws: StoreError.invalidTopicName(problem: "a topic name must not be empty")) {
            try await Topics.rename(on: store, id: rome.id, to: "   ")
        }
        await #expect(throws: StoreError.topicNameTaken("greece")) {
            try await Topics.rename(on: store, id: rome.id, to: "greece")
        }
        await #expect(throws: StoreError.topicNotFound(topicID: 999)) {
            try await Topics.rename(on: store, id: 999, to: "Carthage")
        }
        #expect(try await Topics.rename(on: store, id: rome.id, to: " ROME ").name == "ROME")
        #expect(try await Topics.summaries(on: store).map(\.name) == ["Greece", "ROME"])
        await store.close()
    }

    @Test func aPolicyBelowOneIsRefusedAndNothingIsWritten() async throws {
        let database = await TemporaryDatabase.make()
        let store = try await Store.open(path: database.path, now: ManualNow().now)
        let topic = try await Topics.ensure(on: store, named: "Rome")
        let kept = TopicPolicy(refillBelow: 5, batchSize: 10, maxBatches: 3)
        try await Topics.setPolicy(on: store, kept, topicID: topic.id)
        let refused: [(TopicPolicy, String)] = [
            (TopicPolicy(refillBelow: 0, batchSize: 10), "refill-below must be at least 1"),
            (TopicPolicy(refillBelow: 5, batchSize: -1), "batch size must be at least 1"),
            (TopicPolicy(refillBelow: 5, batchSize: 10, maxBatches: 0), "max batches must be at least 1"),
        ]
        for (policy, problem) in refused {
            await #expect(throws: StoreError.invalidPolicy(problem)) {
                try await Topics.setPolicy(on: store, policy, topicID: topic.id)
            }
        }
        #expect(try await Topics.policy(on: store, topicID: topic.id) == kept)
        try await Topics.setPolicy(on: store, nil, topicID: topic.id)
        #expect(try await Topics.policy(on: store, topicID: topic.id) == nil)
        await #expect(throws: StoreError.topicNotFound(topicID: 999)) {
            try await Topics.setAppearance(on: store, TopicAppearance(color: "#112233", icon: nil), topicID: 999)
        }
        await store.close()
    }

    @Test func aTopicMadeInACallersTransactionRollsBackWithIt() async throws {
        let database = await TemporaryDatabase.make()
        let store = try await Store.open(path: database.path, now: ManualNow().now)
        struct Refused: Error {}
        await #expect(throws: Refused.self) {
            try await store.write("refused") { db in
                let topic = try await Topics.ensure(named: "Carthage", in: db)
                try await Topics.setPolicy(TopicPolicy(refillBelow: 2, batchSize: 4), topicID: topic.id, in: db)
                throw Refused()
            }
        }
        #expect(try await Topics.named(on: store, "Carthage") == nil)
        // An existing topic is found even when its name predates the rule; a new one must keep it.
        await #expect(throws: StoreError.invalidTopicName(problem: "a topic name must not be empty")) {
            try await Topics.ensure(on: store, named: "")
        }
        await store.close()
    }
}
