import FCCore
import FCGenerator
import FCPipeline
import FCStore
import FCTestSupport
import Foundation
import Testing

struct PipelineTests {
    private let database = PipelineFixtures.temporaryDatabasePath()

    private func removeDatabase() {
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: database + suffix) }
    }

    private func questions(_ batch: Int, count: Int = 3) -> [String] {
        (1...count).map { "Batch \(batch) question \($0)?" }
    }

    @Test func storesBatchesInOrderWithTheirPlans() async throws {
        defer { removeDatabase() }
        let transport = StubTransport(replies: (1...3).map { PipelineFixtures.reply(questions($0)) })
        let pipeline = try await PipelineFixtures.makePipeline(transport: transport, database: database)
        // One request at a time: the stub answers in arrival order, and with several in flight batch 3's request
        // could arrive first and get batch 1's reply (the out-of-order test below covers concurrent replies).
        let summaries = try await pipeline.generate(
            topic: "Roman history", batches: 3, options: GenerationOptions(concurrency: 1))

        #expect(summaries.map(\.number) == [1, 2, 3])
        #expect(summaries.map(\.kept) == [3, 3, 3])
        #expect(summaries.allSatisfy { $0.outcome == .strict })
        #expect(summaries.map(\.aspect) == (1...3).map { BatchPlanner.plan(number: $0, topic: "Roman history").aspect })
        #expect(summaries.first?.inputTokens == 100)
        #expect(summaries.first?.outputTokens == 200)

        let topic = try #require(try await Topics.named(on: pipeline.store, "roman history"))
        let records = try await BatchStorage.list(on: pipeline.store, topicID: topic.id)
        #expect(records.map(\.plan) == (1...3).map { BatchPlanner.plan(number: $0, topic: "Roman history") })
        #expect(records.allSatisfy { $0.provider == "openai" && $0.model == "stub-model" })
        let cards = try await Cards.inTopic(on: pipeline.store, topicID: topic.id)
        #expect(cards.map(\.question) == (1...3).flatMap { questions($0) })
        #expect(cards.allSatisfy { $0.origin == .generated })
    }

    @Test func aLaterRunContinuesThePlanAndSendsTheAvoidList() async throws {
        defer { removeDatabase() }
        let transport = StubTransport(replies: (1...3).map { PipelineFixtures.reply(questions($0)) })
        let pipeline = try await PipelineFixtures.makePipeline(transport: transport, database: database)
        _ = try await pipeline.generate(topic: "Algebra", batches: 1, options: GenerationOptions())
        let second = try await pipeline.generate(topic: "Algebra", batches: 2, options: GenerationOptions())
        #expect(second.map(\.number) == [2, 3])
        #expect(second.map(\.depth) == [BatchPlanner.plan(number: 2).depth, BatchPlanner.plan(number: 3).depth])

        let firstBody = String(decoding: try #require(transport.requests.first).body, as: UTF8.self)
        let laterBody = String(decoding: try #require(transport.requests.last).body, as: UTF8.self)
        #expect(!firstBody.contains("Batch 1 question 1?"))
        #expect(laterBody.contains("Batch 1 question 1?"), "the second run lists the first run's questions")
    }

    @Test func repliesArrivingOutOfOrderAreStoredInBatchOrder() async throws {
        defer { removeDatabase() }
        // The first request to arrive answers last, so replies come back out of order.
        let transport = StubTransport { _, index in
            if index == 0 { try await Task.sleep(for: .milliseconds(200)) }
            let content = PipelineFixtures.cardsJSON(["Shared question?", "Only in request \(index)?"])
            return LLMHTTPResponse(status: 200, body: Data(PipelineFixtures.openAIBody(content: content).utf8))
        }
        let pipeline = try await PipelineFixtures.makePipeline(transport: transport, database: database)
        let summaries = try await pipeline.generate(
            topic: "French basics",
            batches: 4,
            options: GenerationOptions(concurrency: 4)
        )
        #expect(summaries.map(\.number) == [1, 2, 3, 4])
        // Dedup is decided in batch order: only batch 1 keeps the shared question.
        #expect(summaries.map(\.kept) == [2, 1, 1, 1])
        #expect(summaries.dropFirst().allSatisfy { $0.dropped["duplicate_in_topic"] == 1 })
    }

    @Test func failureStopsTheRunAfterTheStoredBatches() async throws {
        defer { removeDatabase() }
        let transport = StubTransport(replies: [
            PipelineFixtures.reply(questions(1)),
            .json(status: 503, #"{"error": {"message": "overloaded"}}"#),
            PipelineFixtures.reply(questions(3)),
        ])
        let log = EventLog()
        let pipeline = try await PipelineFixtures.makePipeline(
            transport: transport, database: database, events: log.record)
        let error = await #expect(throws: PipelineError.self) {
            try await pipeline.generate(topic: "Roman history", batches: 3, options: GenerationOptions(concurrency: 1))
        }
        guard case .batchFailed(let topic, let batch, let storedBefore, let underlying)? = error else {
            Issue.record("unexpected error \(String(describing: error))")
            return
        }
        #expect(topic == "Roman history")
        #expect(batch == 2)
        #expect(storedBefore == 1)
        #expect((underlying as? GeneratorError)?.isTransient == true)
        let stored = try #require(try await Topics.named(on: pipeline.store, "Roman history"))
        #expect(try await BatchStorage.list(on: pipeline.store, topicID: stored.id).map(\.plan.number) == [1])
        #expect(log.events.contains { if case .batchFailed(_, 2, _) = $0 { true } else { false } })
    }

    @Test func strictRefusesAFallbackAndStoresNothingForIt() async throws {
        defer { removeDatabase() }
        let transport = StubTransport(replies: [
            .json(PipelineFixtures.openAIBody(content: "Sorry, I can't help with that."))
        ])
        let pipeline = try await PipelineFixtures.makePipeline(transport: transport, database: database)
        await #expect(throws: PipelineError.self) {
            try await pipeline.generate(topic: "Volcanoes", batches: 1, options: GenerationOptions(strict: true))
        }
        #expect(
            try await Topics.named(on: pipeline.store, "Volcanoes") == nil, "a run that stores nothing makes no topic")
    }

    @Test func aRefusedFirstRequestLeavesNoTopicAndAnExistingTopicAsItWas() async throws {
        defer { removeDatabase() }
        let refused = StubTransport.Reply.json(status: 401, #"{"error": {"message": "Incorrect API key"}}"#)
        let transport = StubTransport(replies: [refused, refused])
        let pipeline = try await PipelineFixtures.makePipeline(transport: transport, database: database)
        await #expect(throws: PipelineError.self) {
            try await pipeline.generate(topic: "Photosynthesis", batches: 2, options: GenerationOptions(concurrency: 1))
        }
        #expect(try await Topics.summaries(on: pipeline.store).isEmpty)

        let existing = try await Topics.ensure(on: pipeline.store, named: "Algebra")
        await #expect(throws: PipelineError.self) {
            try await pipeline.generate(topic: "algebra", batches: 1, options: GenerationOptions())
        }
        #expect(try await Topics.summaries(on: pipeline.store).map(\.id) == [existing.id])
    }

    @Test func unusableReplyBecomesFlaggedFallbackCards() async throws {
        defer { removeDatabase() }
        let transport = StubTransport(replies: [
            .json(PipelineFixtures.openAIBody(content: "The Roman Empire was big."))
        ])
        let pipeline = try await PipelineFixtures.makePipeline(transport: transport, database: database)
        let summaries = try await pipeline.generate(topic: "Volcanoes", batches: 1, options: GenerationOptions())
        #expect(summaries.first?.outcome == .fallback)
        let topic = try #require(try await Topics.named(on: pipeline.store, "Volcanoes"))
        let cards = try await Cards.inTopic(on: pipeline.store, topicID: topic.id)
        #expect(!cards.isEmpty)
        #expect(cards.allSatisfy { $0.origin == .fallback })
    }

    @Test func truncatedReplyKeepsCompleteCardsAsPartial() async throws {
        defer { removeDatabase() }
        let full = PipelineFixtures.cardsJSON(questions(1, count: 4))
        let cut = String(full.prefix(full.count - 30))
        let transport = StubTransport(replies: [
            .json(PipelineFixtures.openAIBody(content: cut, finishReason: "length"))
        ])
        let pipeline = try await PipelineFixtures.makePipeline(transport: transport, database: database)
        let summaries = try await pipeline.generate(topic: "Algebra", batches: 1, options: GenerationOptions())
        #expect(summaries.first?.outcome == .partial)
        #expect(summaries.first?.kept == 3)
        #expect(summaries.first?.truncated == true)
    }

    @Test func retriesAreReportedAsEvents() async throws {
        defer { removeDatabase() }
        let transport = StubTransport(replies: [
            .json(status: 500, #"{"error": {"message": "boom"}}"#), PipelineFixtures.reply(questions(1)),
        ])
        let log = EventLog()
        let pipeline = try await PipelineFixtures.makePipeline(
            transport: transport, database: database, retries: 2, events: log.record)
        let summaries = try await pipeline.generate(topic: "Algebra", batches: 1, options: GenerationOptions())
        #expect(summaries.first?.kept == 3)
        #expect(transport.requests.count == 2)
        #expect(log.events.contains { if case .generator(.retrying) = $0 { true } else { false } })
        #expect(log.events.contains { if case .batchStored = $0 { true } else { false } })
    }
}
