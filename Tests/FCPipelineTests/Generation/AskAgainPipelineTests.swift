import FCCore
import FCGenerator
import FCPipeline
import FCSanitizer
import FCStore
import FCTestSupport
import Foundation
import Testing

/// A batch whose reply salvages no card is asked for again (`fallback_retries`, default 1) before it falls back to
/// templated cards, in `generate` and in the refill worker's `generateBatch`; the discarded reply is paid for.
struct AskAgainPipelineTests {
    static let garbage = LoopbackServer.Response(
        json: PipelineFixtures.openAIBody(
            content: "I am a small model and I like flashcards very much.", promptTokens: 70, completionTokens: 11))
    static let good = LoopbackServer.Response(
        json: PipelineFixtures.openAIBody(
            content: PipelineFixtures.cardsJSON(["Who founded Rome?", "Which river flows through Rome?"]),
            promptTokens: 100, completionTokens: 40))

    /// What one batch of "Roman history" left: the summary, the requests the stub saw, the events and the store.
    struct Run {
        var summary: BatchSummary
        var sent: Int
        var events: [PipelineEvent]
        var store: Store
        var database: TemporaryDatabase

        var askedAgain: [Int] {
            events.compactMap { if case .batchAskedAgain(_, _, let attempt, _) = $0 { attempt } else { nil } }
        }

        func scalar(_ sql: String) async throws -> Int64? { try await store.scalarInteger(sql) }
    }

    /// Generates one batch with `retries` asks again, the stub answering `replies` in order (then 500s).
    func run(_ replies: [LoopbackServer.Response], retries: Int, singleBatch: Bool = false) async throws -> Run {
        let database = await TemporaryDatabase.make()
        let server = try await LoopbackServer.start()
        defer { server.stop() }
        try await server.script(replies)
        let events = EventLog()
        let pipeline = try await PipelineFixtures.makePipeline(
            transport: TestHTTPClient.transport(), database: database.path, base: server.baseURL,
            events: { events.record($0) })
        var options = GenerationOptions(concurrency: 1)
        options.fallbackRetries = retries
        let summary: BatchSummary
        if singleBatch {
            let topic = try await Topics.ensure(on: pipeline.store, named: "Roman history")
            let store = pipeline.store
            summary = try await pipeline.generateBatch(topic: topic, number: 1, options: options) { batch in
                try await BatchStorage.store(on: store, batch)
            }
        } else {
            summary = try #require(
                try await pipeline.generate(topic: "Roman history", batches: 1, options: options).first)
        }
        return Run(
            summary: summary, sent: try await server.requests().count, events: events.events, store: pipeline.store,
            database: database)
    }

    @Test(arguments: [false, true])
    func aReplyWithNoCardIsAskedAgainAndTheGoodReplyIsStored(singleBatch: Bool) async throws {
        let run = try await run([Self.garbage, Self.good], retries: 1, singleBatch: singleBatch)
        #expect(run.sent == 2)
        #expect(run.summary.outcome != .fallback)
        #expect(run.summary.kept == 2)
        #expect(run.summary.askedAgain == 1)
        #expect(run.askedAgain == [1])
        #expect(try await run.scalar("SELECT COUNT(*) FROM cards WHERE origin = 'fallback'") == 0)
        #expect(try await run.scalar("SELECT COUNT(*) FROM cards") == 2)
        // Both requests are in the ledger: the discarded reply as unstored, the stored one as the batch's.
        #expect(try await run.scalar("SELECT COUNT(*) FROM llm_usage") == 2)
        #expect(try await run.scalar("SELECT input_tokens FROM llm_usage WHERE kind = 'unstored'") == 70)
        #expect(try await run.scalar("SELECT input_tokens FROM llm_usage WHERE kind = 'batch'") == 100)
        #expect(try await run.scalar("SELECT SUM(output_tokens) FROM llm_usage") == 51)
        #expect(run.summary.inputTokens == 100)
    }

    @Test func twoRepliesWithNoCardFallBackAsBefore() async throws {
        let run = try await run([Self.garbage, Self.garbage], retries: 1)
        #expect(run.sent == 2)
        #expect(run.summary.outcome == .fallback)
        #expect(run.summary.askedAgain == 1)
        #expect(run.askedAgain == [1])
        #expect(try await run.scalar("SELECT COUNT(*) FROM cards WHERE origin <> 'fallback'") == 0)
        #expect(try await run.scalar("SELECT COUNT(*) FROM llm_usage") == 2)
        #expect(try await run.scalar("SELECT SUM(input_tokens) FROM llm_usage") == 140)
    }

    @Test func noAskingAgainFallsBackAtOnce() async throws {
        let run = try await run([Self.garbage, Self.good], retries: 0)
        #expect(run.sent == 1)
        #expect(run.summary.outcome == .fallback)
        #expect(run.summary.askedAgain == nil)
        #expect(run.askedAgain.isEmpty)
        #expect(try await run.scalar("SELECT COUNT(*) FROM llm_usage") == 1)
    }

    @Test func aFailedAskAgainFallsBackInsteadOfFailingTheBatch() async throws {
        // The script's end answers 500: the second request fails, and the first reply's batch falls back.
        let run = try await run([Self.garbage], retries: 1)
        #expect(run.sent == 2)
        #expect(run.summary.outcome == .fallback)
        #expect(run.summary.askedAgain == 1)
        #expect(try await run.scalar("SELECT COUNT(*) FROM llm_usage") == 1)
    }

    @Test func aGoodFirstReplyIsNotAskedAgain() async throws {
        let run = try await run([Self.good, Self.good], retries: 2)
        #expect(run.sent == 1)
        #expect(run.summary.askedAgain == nil)
        #expect(run.summary.kept == 2)
    }

    /// The shape line that ends the built-in batch prompt: a reply that copies it, as SmolLM2-135M once did for all
    /// 15 cards, holds no card (its slots are placeholders), so the batch is asked again rather than stored.
    @Test func aReplyCopyingThePromptsExampleHoldsNoCard() throws {
        let prompt = PromptTemplates.builtIn.render(
            topic: "Roman history", plan: BatchPlan(number: 1, aspect: "key figures", depth: .foundational),
            count: 15, avoid: [])
        let shape = try #require(prompt.user.split(separator: "\n").last.map(String.init))
        #expect(shape.hasPrefix("{\"cards\""))
        let cards = try #require(
            (try JSONSerialization.jsonObject(with: Data(shape.utf8)) as? [String: Any])?["cards"] as? [Any])
        let copied = String(
            decoding: try JSONSerialization.data(withJSONObject: ["cards": Array(repeating: cards[0], count: 15)]),
            as: UTF8.self)
        let report = Sanitizer().sanitize(copied)
        #expect(report.cards.isEmpty)
        #expect(report.outcome == .fallback)
        #expect(report.dropped[.placeholder] ?? 0 >= 1)
    }
}
