import FCCore
import FCGenerator
import FCPipeline
import FCStore
import FCTestSupport
import Foundation
import Synchronization
import Testing

/// Duplicates by meaning (`embedding_model`): a batch's card that states a fact the topic holds in other words is
/// dropped by the cosine of the questions' embeddings, where the wording measure keeps it; the vectors are stored
/// with the cards, a stored card without one is embedded once, and the request has a usage ledger row. Runs on
/// both engines (``TemporaryDatabase``).
struct MeaningDuplicatePipelineTests {
    /// What the stub embedding model "understands": questions of one concept get one direction, every other
    /// question a direction of its own.
    static let concepts: [String: Int] = [
        "Which gas do plants absorb from the air?": 0,
        "Which gas is taken in by leaves during photosynthesis?": 0,
        "What do green plants take up through their stomata?": 0,
    ]

    /// An OpenAI-compatible server: chat completions answer with the next batch's cards, `/embeddings` with unit
    /// vectors by concept; the texts of each embeddings request are recorded.
    final class Server: Sendable {
        let batches: Mutex<[[(String, String)]]>
        let embedded = Mutex<[[String]]>([])
        let failEmbeddings: Bool

        init(batches: [[(String, String)]], failEmbeddings: Bool = false) {
            self.batches = Mutex(batches)
            self.failEmbeddings = failEmbeddings
        }

        var transport: StubTransport {
            StubTransport { [self] request, _ in
                if request.url.path.hasSuffix("/embeddings") { return try embeddings(request) }
                let cards = batches.withLock { $0.isEmpty ? [] : $0.removeFirst() }.map {
                    ["question": $0.0, "answer": $0.1, "explanation": "Because.", "type": "question"]
                }
                let content = String(
                    decoding: try JSONSerialization.data(withJSONObject: ["cards": cards], options: [.sortedKeys]),
                    as: UTF8.self)
                return LLMHTTPResponse(
                    status: 200, headers: ["content-type": "application/json"],
                    body: Data(PipelineFixtures.openAIBody(content: content).utf8))
            }
        }

        private func embeddings(_ request: LLMHTTPRequest) throws -> LLMHTTPResponse {
            let body = try JSONSerialization.jsonObject(with: request.body) as? [String: Any]
            let texts = body?["input"] as? [String] ?? []
            embedded.withLock { $0.append(texts) }
            if failEmbeddings {
                return LLMHTTPResponse(
                    status: 400, headers: [:], body: Data(#"{"error":{"message":"no such model"}}"#.utf8))
            }
            let data = texts.enumerated().map { index, text in
                var vector = Array(repeating: 0, count: 64)
                vector[
                    concepts[text] ?? 1 + Int(DedupKey.make(text).utf8.reduce(0) { ($0 &* 31 &+ Int($1)) & 0xFFFF })
                        % 63] = 1
                return ["index": index, "embedding": vector] as [String: Any]
            }
            let reply: [String: Any] = [
                "data": data, "model": "stub-embed", "usage": ["prompt_tokens": 10 * texts.count],
            ]
            return LLMHTTPResponse(
                status: 200, headers: ["content-type": "application/json"],
                body: try JSONSerialization.data(withJSONObject: reply))
        }
    }

    static func pipeline(_ server: Server, database: String, embeddings: Bool, events: EventLog = EventLog())
        async throws -> Pipeline
    {
        var pipeline = try await PipelineFixtures.makePipeline(
            transport: server.transport, database: database, events: events.record)
        if embeddings {
            pipeline.embedder = makeEmbeddingProvider(
                ProviderSettings(
                    kind: .openai, baseURL: URL(string: "http://127.0.0.1:9/v1"), model: "stub-model",
                    timeoutSeconds: TestPatience.seconds, retry: RetryPolicy(maxAttempts: 1)),
                model: "stub-embed", transport: server.transport, clock: ImmediateClock(),
                random: RandomSource(seed: 1), events: { _ in })
        }
        return pipeline
    }

    static let first = [
        ("Which gas do plants absorb from the air?", "Carbon dioxide"), ("Who wrote Hamlet?", "William Shakespeare"),
    ]
    static let second = [
        // The first batch's fact in other words: dropped by meaning only.
        ("Which gas is taken in by leaves during photosynthesis?", "carbon dioxide"),
        // The same answer to another question: kept.
        ("Which gas do animals breathe out?", "Carbon dioxide"),
        // Another answer: never compared.
        ("Which gas do plants give off?", "Oxygen"),
    ]

    @Test func aFactInOtherWordsIsDroppedByMeaning() async throws {
        let database = await TemporaryDatabase.make()
        // The first batch is stored before embeddings were configured: its cards have no vectors yet.
        let server = Server(batches: [
            Self.first, Self.second, [("What do green plants take up through their stomata?", "Carbon dioxide")],
        ])
        let plain = try await Self.pipeline(server, database: database.path, embeddings: false)
        _ = try await plain.generate(topic: "Plants", batches: 1, options: GenerationOptions())
        #expect(server.embedded.withLock { $0 }.isEmpty)

        let pipeline = try await Self.pipeline(server, database: database.path, embeddings: true)
        let summaries = try await pipeline.generate(topic: "Plants", batches: 1, options: GenerationOptions())
        #expect(summaries.first?.kept == 2)
        #expect(summaries.first?.dropped["quality"] == 1)
        let found = try await Topics.named(on: pipeline.store, "Plants")
        let topic = try #require(found)
        let questions = try await Cards.inTopic(on: pipeline.store, topicID: topic.id).map(\.question)
        #expect(
            questions == [
                "Which gas do plants absorb from the air?", "Who wrote Hamlet?", "Which gas do animals breathe out?",
                "Which gas do plants give off?",
            ])
        // One request: the batch's three questions, then the two stored cards whose answers agree with the first
        // (no vector yet); "Who wrote Hamlet?" agrees with nothing and is not sent.
        #expect(
            server.embedded.withLock { $0 } == [
                Self.second.map(\.0) + ["Which gas do plants absorb from the air?"]
            ])

        // The next batch finds every vector stored: only its own question is sent, and it is dropped against the
        // first batch's card, whose vector the second batch stored.
        let third = try await pipeline.generate(topic: "Plants", batches: 1, options: GenerationOptions())
        #expect(third.first?.kept == 0)
        #expect(server.embedded.withLock { $0.last } == ["What do green plants take up through their stomata?"])

        let usage = try await UsageLedger.report(on: pipeline.store, since: 0).filter {
            $0.model == "stub-embed"
        }
        #expect(usage.map(\.requests).reduce(0, +) == 2)
        #expect(usage.map(\.inputTokens).reduce(0, +) == 50)
    }

    /// Without an embedding model, the wording measure keeps the paraphrase: the drop above is the embeddings'.
    @Test func theWordingMeasureAloneKeepsIt() async throws {
        let database = await TemporaryDatabase.make()
        let server = Server(batches: [Self.first, Self.second])
        let pipeline = try await Self.pipeline(server, database: database.path, embeddings: false)
        // One batch per run: the stub hands its replies out in the order requests arrive, and one run's batches
        // may be asked for at once.
        let first = try await pipeline.generate(topic: "Plants", batches: 1, options: GenerationOptions())
        let second = try await pipeline.generate(topic: "Plants", batches: 1, options: GenerationOptions())
        #expect((first + second).map(\.kept) == [2, 3])
    }

    /// A refused embeddings request costs the batch nothing: it is stored as the sanitizer made it, with a warning.
    @Test func aFailedRequestLeavesTheBatchAsSanitized() async throws {
        let database = await TemporaryDatabase.make()
        let server = Server(batches: [Self.first + Self.second], failEmbeddings: true)
        let events = EventLog()
        let pipeline = try await Self.pipeline(server, database: database.path, embeddings: true, events: events)
        let summaries = try await pipeline.generate(topic: "Plants", batches: 1, options: GenerationOptions())
        #expect(summaries.first?.kept == 5)
        #expect(server.embedded.withLock { $0.count } == 1)
        let failed = events.events.contains {
            if case .embeddingFailed(_, 1, let reason) = $0 { return reason.contains("400") }
            return false
        }
        #expect(failed)
    }
}
