import FCCore
import FCGenerator
import FCPipeline
import FCStore
import FCTestSupport
import Foundation
import Testing

/// A model that cannot write the JSON outline (SmolLM2-135M answers `{"subtopics":[]}`) is asked for a plain
/// numbered list instead; when that fails too, the aspects follow the topic's kind. Recorded replies at the
/// transport seam, the real OpenAI provider and a real SQLite file.
struct OutlineFallbackPipelineTests {
    private let database = PipelineFixtures.temporaryDatabasePath()

    private func removeDatabase() {
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: database + suffix) }
    }

    /// SmolLM2-135M-Instruct's own reply to the outline request (llama.cpp's server, json_object with the schema).
    private static let emptyOutline = PipelineFixtures.openAIBody(content: #"{"subtopics":[]} "#)

    /// A pipeline whose model answers the outline with `emptyOutline`, the plain list with `planReply`, and each
    /// of three batches with one card.
    private func pipeline(planReply: String) async throws -> (Pipeline, StubTransport, EventLog) {
        let transport = StubTransport(
            replies: [.json(Self.emptyOutline), .json(planReply)]
                + (1...3).map { PipelineFixtures.reply(["Batch \($0) question?"]) })
        let events = EventLog()
        let pipeline = try await PipelineFixtures.makePipeline(
            transport: transport, database: database, events: { events.record($0) })
        return (pipeline, transport, events)
    }

    private func bodies(_ transport: StubTransport) -> [String] {
        transport.requests.map { String(decoding: $0.body, as: UTF8.self) }
    }

    @Test func anUnusableOutlineIsAskedForAgainAsAPlainListAndItsItemsBecomeTheSteps() async throws {
        defer { removeDatabase() }
        // The same model's reply to the plain-list request.
        let list = PipelineFixtures.openAIBody(
            content: "Roman History:\n1. Roman Empire\n2. Rome's Legacy\n3. Roman Civilizations\n4. Roman Economy")
        let (pipeline, transport, events) = try await pipeline(planReply: list)
        let summaries = try await pipeline.generate(
            topic: "Roman history", batches: 3, options: GenerationOptions(outline: true))

        #expect(summaries.map(\.aspect) == ["Roman Empire", "Rome's Legacy", "Roman Empire"])
        #expect(summaries.map(\.depth) == [.foundational, .foundational, .intermediate])
        #expect(summaries.map(\.step) == [1, 2, 3])
        #expect(events.events.contains { if case .outlineReady(_, 4, 16) = $0 { true } else { false } })
        #expect(!events.events.contains { if case .outlineFallback = $0 { true } else { false } })

        let sent = bodies(transport)
        #expect(sent.count == 5)
        #expect(sent[1].contains("List 8 subtopics of \\\"Roman history\\\""))
        #expect(sent[0].contains("response_format"))
        #expect(!sent[1].contains("response_format"), "the list is asked for as plain text")
        #expect(sent[2].contains(#"Focus on this angle of \"Roman history\": Roman Empire."#))

        let topic = try #require(try await Topics.named(on: pipeline.store, "Roman history"))
        let generation = try await TopicPlans.generation(on: pipeline.store, topicID: topic.id)
        #expect(generation.planSource == .model)
        #expect(generation.plan?.subtopics.count == 4)
        #expect(generation.planNote?.contains("plain list") == true)
        #expect(generation.planNote?.contains("usable subtopic") == true)
    }

    @Test func withNeitherOutlineNorListTheAspectsFollowTheTopicsKind() async throws {
        defer { removeDatabase() }
        let prose = PipelineFixtures.openAIBody(content: "Algebra is the study of symbols and the rules for them.")
        let (pipeline, transport, events) = try await pipeline(planReply: prose)
        let summaries = try await pipeline.generate(
            topic: "Algebra", batches: 2, options: GenerationOptions(outline: true))

        #expect(summaries.map(\.aspect) == Array(TopicKind.maths.aspects.prefix(2)))
        #expect(!summaries.map(\.aspect).contains("key figures"))
        #expect(summaries.allSatisfy { $0.step == nil })
        let reasons = events.events.compactMap { if case .outlineFallback(_, let reason) = $0 { reason } else { nil } }
        #expect(reasons.count == 1)
        #expect(reasons.first?.contains("plain list") == true)

        let topic = try #require(try await Topics.named(on: pipeline.store, "Algebra"))
        let generation = try await TopicPlans.generation(on: pipeline.store, topicID: topic.id)
        #expect(generation.planSource == .fallback)
        #expect(generation.plan == nil)
        #expect(generation.planNote?.contains("usable subtopic") == true)

        // A later run (a refill, say) follows the same kind's aspects without asking again.
        let later = try await pipeline.generate(topic: "Algebra", batches: 1, options: GenerationOptions(outline: true))
        #expect(later.map(\.aspect) == [TopicKind.maths.aspects[2]])
        #expect(transport.requests.count == 5)
    }
}
