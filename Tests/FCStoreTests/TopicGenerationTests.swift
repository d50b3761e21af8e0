import FCCore
import FCPipeline
import FCStore
import FCTestSupport
import Foundation
import Testing

struct TopicGenerationTests {
    static let outline = TopicOutline(subtopics: [
        .init(name: "Kings", levels: [.init(depth: .foundational, focus: "the seven kings")]),
        .init(name: "Republic", levels: [.init(depth: .foundational), .init(depth: .expert, focus: "Polybius")]),
    ])

    @Test func aNewTopicsPlanAndLanguageCommitWithItsFirstBatch() async throws {
        let database = await TemporaryDatabase.make()
        let store = try await Store.open(path: database.path, now: Fixtures.now)
        var batch = Fixtures.batch(topicID: 0, number: 1, cards: Fixtures.drafts(2))
        batch.plan = BatchPlan(number: 1, aspect: "Kings", depth: .foundational, step: 1)
        let update = TopicGenerationUpdate(plan: (Self.outline, .model, nil), language: LanguageTag("pt-BR"))
        let stored = try await BatchStorage.store(on: store, batch, creatingTopicNamed: "Rome", generation: update)

        let generation = try await TopicPlans.generation(on: store, topicID: stored.record.topicID)
        #expect(generation.plan == Self.outline)
        #expect(generation.planSource == .model)
        #expect(generation.language?.value == "pt-BR")
        #expect(generation.planUpdatedAt == Fixtures.date)
        #expect(try await BatchStorage.list(on: store, topicID: stored.record.topicID).map(\.plan.step) == [1])
    }

    @Test func aFailedBatchLeavesNeitherTopicNorPlan() async throws {
        let database = await TemporaryDatabase.make()
        let store = try await Store.open(path: database.path, now: Fixtures.now)
        let topic = try await Topics.ensure(on: store, named: "Rome")
        _ = try await BatchStorage.store(
            on: store, Fixtures.batch(topicID: topic.id, number: 1, cards: Fixtures.drafts(1)))
        let update = TopicGenerationUpdate(plan: (Self.outline, .model, nil))
        // Batch number 1 is taken: the batch is refused, and the plan with it.
        await #expect(throws: StoreError.self) {
            _ = try await BatchStorage.store(
                on: store, Fixtures.batch(topicID: topic.id, number: 1, cards: Fixtures.drafts(1)),
                creatingTopicNamed: nil, generation: update)
        }
        #expect(try await TopicPlans.generation(on: store, topicID: topic.id) == TopicGeneration())
    }

    @Test func updatesKeepWhatTheyDoNotChange() async throws {
        let database = await TemporaryDatabase.make()
        let store = try await Store.open(path: database.path, now: Fixtures.now)
        let topic = try await Topics.ensure(on: store, named: "Rome")
        try await TopicPlans.update(on: store, TopicGenerationUpdate(language: LanguageTag("de")), topicID: topic.id)
        try await TopicPlans.update(
            on: store,
            TopicGenerationUpdate(plan: (Self.outline, .edited, nil)), topicID: topic.id)
        var generation = try await TopicPlans.generation(on: store, topicID: topic.id)
        #expect(generation.language?.value == "de")
        #expect(generation.planSource == .edited)
        try await TopicPlans.update(
            on: store,
            TopicGenerationUpdate(plan: (nil, .fallback, "no JSON")), topicID: topic.id)
        generation = try await TopicPlans.generation(on: store, topicID: topic.id)
        #expect(generation.plan == nil)
        #expect(generation.planNote == "no JSON")
        #expect(generation.language?.value == "de")
        await #expect(throws: StoreError.topicNotFound(topicID: 999)) {
            try await TopicPlans.update(on: store, TopicGenerationUpdate(language: LanguageTag("fr")), topicID: 999)
        }
        #expect(try await store.scalarInteger("SELECT COUNT(*) FROM topic_generation WHERE topic_id = 999") == 0)
    }

    @Test func kindsAreRememberedBesideTheLanguageAndKeptByUpdatesThatDoNotChangeThem() async throws {
        let database = await TemporaryDatabase.make()
        let store = try await Store.open(path: database.path, now: Fixtures.now)
        let topic = try await Topics.ensure(on: store, named: "Rome")
        let kinds = try GeneratedKinds.parse("mcq, question,cloze").get()
        try await TopicPlans.update(on: store, TopicGenerationUpdate(kinds: kinds), topicID: topic.id)
        try await TopicPlans.update(on: store, TopicGenerationUpdate(language: LanguageTag("de")), topicID: topic.id)

        let generation = try await TopicPlans.generation(on: store, topicID: topic.id)
        #expect(generation.kinds == kinds)
        #expect(generation.language?.value == "de")
        #expect(
            try await store.scalarText("SELECT kinds FROM topic_generation WHERE topic_id = \(topic.id)")
                == "question,cloze,mcq")

        try await store.executeInTransaction(
            "UPDATE topic_generation SET kinds = 'question,image' WHERE topic_id = \(topic.id)")
        await #expect(throws: StoreError.corruptRow(table: "topic_generation", column: "kinds", rowID: topic.id)) {
            _ = try await TopicPlans.generation(on: store, topicID: topic.id)
        }
    }

    @Test func deletingATopicDeletesItsPlan() async throws {
        let database = await TemporaryDatabase.make()
        let store = try await Store.open(path: database.path, now: Fixtures.now)
        let topic = try await Topics.ensure(on: store, named: "Rome")
        try await TopicPlans.update(on: store, TopicGenerationUpdate(language: LanguageTag("de")), topicID: topic.id)
        _ = try await Topics.delete(on: store, id: topic.id, force: true)
        #expect(try await store.scalarInteger("SELECT COUNT(*) FROM topic_generation") == 0)
    }
}
