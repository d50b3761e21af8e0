import FCCore
import FCGenerator
import FCPipeline
import FCStore
import FCTestSupport
import Foundation
import Testing

/// The topic-aware plan end to end: the real OpenAI provider over loopback HTTP (the loopback stub answers outline
/// requests with 6 subtopics × 4 levels), the pipeline and a real SQLite file.
struct TopicPlanPipelineTests {
    private let database = PipelineFixtures.temporaryDatabasePath()

    private func removeDatabase() {
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: database + suffix) }
    }

    private func pipeline(_ transport: any LLMTransport, events: EventLog = EventLog()) async throws -> Pipeline {
        try await PipelineFixtures.makePipeline(transport: transport, database: database, events: { events.record($0) })
    }

    @Test func aNewTopicIsOutlinedAndEachBatchTakesTheNextStep() async throws {
        defer { removeDatabase() }
        let server = try await LoopbackServer.start()
        defer { server.stop() }
        let transport = RecordingTransport(TestHTTPClient.transport())
        let events = EventLog()
        let pipeline = try await PipelineFixtures.makePipeline(
            transport: transport, database: database, base: server.url("/openai/0/v1"),
            events: { events.record($0) })
        let options = GenerationOptions(concurrency: 2, outline: true)

        let first = try await pipeline.generate(topic: "Roman history", batches: 3, options: options)
        // Diagonal order: a new subtopic or a level deeper, every batch.
        #expect(first.map(\.aspect) == ["Kings", "Republic", "Kings"])
        #expect(first.map(\.depth) == [.foundational, .foundational, .intermediate])
        #expect(first.map(\.step) == [1, 2, 3])
        let second = try await pipeline.generate(topic: "Roman history", batches: 2, options: options)
        #expect(second.map(\.aspect) == ["Punic Wars", "Republic"])
        #expect(second.map(\.step) == [4, 5])

        let topic = try #require(try await Topics.named(on: pipeline.store, "Roman history"))
        let records = try await BatchStorage.list(on: pipeline.store, topicID: topic.id)
        #expect(records.map(\.plan.step) == [1, 2, 3, 4, 5], "each batch row records its step")
        let generation = try await TopicPlans.generation(on: pipeline.store, topicID: topic.id)
        #expect(generation.planSource == .model)
        #expect(generation.plan?.subtopics.count == 6)
        let outlineRequests = transport.bodies.filter {
            String(decoding: $0, as: UTF8.self).contains("Plan a flashcard deck")
        }
        #expect(outlineRequests.count == 1, "only the topic's first run asks for an outline")
        #expect(events.events.contains { if case .outlineReady(_, 6, 24) = $0 { true } else { false } })

        // The prompt names the step's focus and what earlier batches covered. With two requests in flight, batch 5's
        // may go out before batch 4's, so it is found by its number rather than taken as the last one sent.
        let last = try #require(
            transport.bodies.map { String(decoding: $0, as: UTF8.self) }.first {
                $0.contains("This is batch 5 for this topic.")
            })
        #expect(last.contains("Republic at the intermediate level"))
        #expect(last.contains("- Kings: foundational, intermediate"))
    }

    @Test func aRunThatStoresNothingLeavesNoPlanBehind() async throws {
        defer { removeDatabase() }
        let outline = PipelineFixtures.openAIBody(
            content: #"{"subtopics": [{"name": "A", "levels": ["foundational"]}, {"name": "B", "levels": ["expert"]}]}"#
        )
        let transport = StubTransport(replies: [.json(outline), .json(status: 401, #"{"error":{"message":"no"}}"#)])
        let pipeline = try await pipeline(transport)
        await #expect(throws: PipelineError.self) {
            _ = try await pipeline.generate(topic: "Algebra", batches: 1, options: GenerationOptions(outline: true))
        }
        #expect(try await Topics.named(on: pipeline.store, "Algebra") == nil)
    }

    @Test func theLanguageIsSentStoredAndKeptForLaterRuns() async throws {
        defer { removeDatabase() }
        let transport = StubTransport(replies: (1...2).map { PipelineFixtures.reply(["Frage \($0)?"]) })
        let pipeline = try await pipeline(transport)
        let german = try #require(LanguageTag("de"))
        _ = try await pipeline.generate(
            topic: "Photosynthesis", batches: 1, options: GenerationOptions(language: german))
        _ = try await pipeline.generate(topic: "Photosynthesis", batches: 1, options: GenerationOptions())
        let bodies = transport.requests.map { String(decoding: $0.body, as: UTF8.self) }
        #expect(bodies.count == 2)
        #expect(bodies.allSatisfy { $0.contains("Write every card (question, answer and explanation) in German (de)") })
        let topic = try #require(try await Topics.named(on: pipeline.store, "Photosynthesis"))
        #expect(try await TopicPlans.generation(on: pipeline.store, topicID: topic.id).language == german)
    }

    @Test func aVocabularyTopicInTwoLanguagesAsksForBothDirectionsOverHTTP() async throws {
        defer { removeDatabase() }
        let server = try await LoopbackServer.start()
        defer { server.stop() }
        let cards = PipelineFixtures.cardsJSON(["Jak se řekne „dog“ anglicky?", "What is „kočka“ in English?"])
        try await server.script([.init(json: PipelineFixtures.openAIBody(content: cards))])
        let pipeline = try await PipelineFixtures.makePipeline(
            transport: TestHTTPClient.transport(), database: database, base: server.url("/v1"))
        let summaries = try await pipeline.generate(
            topic: "Czech-English vocabulary", batches: 1,
            options: GenerationOptions(language: try #require(LanguageTag("cs"))))
        #expect(summaries.first?.kept == 2)
        let request = try #require(try await server.requests().first)
        let user = try #require(
            ((request.json?["messages"] as? [[String: Any]])?.last?["content"]) as? String)
        #expect(user.contains("This is a vocabulary deck between Czech and English: make cards in both directions."))
        #expect(user.contains("Write every card (question, answer and explanation) in Czech (cs)"))
    }

    @Test func aRefillBatchFollowsTheStoredOutlineAndLanguageWithoutAskingForAnOutline() async throws {
        defer { removeDatabase() }
        let outline = PipelineFixtures.openAIBody(
            content: #"{"subtopics": [{"name": "Kings", "levels": [{"level": "foundational", "focus": "the seven"}]},"#
                + #"{"name": "Republic", "levels": [{"level": "foundational", "focus": "consuls"}]}]}"#)
        let transport = StubTransport(
            replies: [
                .json(outline), PipelineFixtures.reply(["Wer war Romulus?"]),
                PipelineFixtures.reply(["Was ist ein Konsul?"]),
            ])
        let pipeline = try await pipeline(transport)
        _ = try await pipeline.generate(
            topic: "Rome", batches: 1, options: GenerationOptions(outline: true, language: LanguageTag("de")))
        let topic = try #require(try await Topics.named(on: pipeline.store, "Rome"))
        let store = pipeline.store
        // As the refill worker calls it: no outline option, no language option.
        let summary = try await pipeline.generateBatch(topic: topic, number: 2, options: GenerationOptions()) {
            try await BatchStorage.store(on: store, $0)
        }
        #expect(summary.aspect == "Republic")
        #expect(summary.step == 2)
        #expect(transport.requests.count == 3, "no second outline request")
        let body = String(decoding: try #require(transport.requests.last).body, as: UTF8.self)
        #expect(body.contains("Within it, ask about: consuls."))
        #expect(body.contains("in German (de)"))
        #expect(body.contains("- Kings: foundational"))
        #expect(body.contains("Wer war Romulus?"))
    }
}
