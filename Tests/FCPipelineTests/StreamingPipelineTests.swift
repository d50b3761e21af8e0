import FCCore
import FCGenerator
import FCPipeline
import FCStore
import FCTestSupport
import Foundation
import Synchronization
import Testing

/// Streaming generation end to end: the real OpenAI provider over loopback HTTP, the pipeline, a real SQLite file.
struct StreamingPipelineTests {
    /// Pipeline events with the instant each arrived.
    final class TimedEvents: Sendable {
        private let storage = Mutex<[(PipelineEvent, ContinuousClock.Instant)]>([])
        var all: [(PipelineEvent, ContinuousClock.Instant)] { storage.withLock { $0 } }
        var events: [PipelineEvent] { all.map(\.0) }
        func record(_ event: PipelineEvent) { storage.withLock { $0.append((event, .now)) } }

        /// Per batch, the cards streamed since its last restart, as a consumer following the documented rule keeps.
        var kept: [Int: [CardDraft]] {
            var kept: [Int: [CardDraft]] = [:]
            for event in events {
                switch event {
                case .cardStreamed(_, let number, let index, let card):
                    #expect(index == kept[number, default: []].count, "card indices run from 0 without gaps")
                    kept[number, default: []].append(card)
                case .batchRestarted(_, let number, _): kept[number] = []
                default: break
                }
            }
            return kept
        }

        var restarts: [String] {
            events.compactMap { if case .batchRestarted(_, _, let reason) = $0 { reason } else { nil } }
        }
    }

    static func pipeline(
        base: URL, database: String, events: TimedEvents, retries: Int = 0,
        onEvent: @escaping PipelineEventHandler = { _ in }
    ) async throws -> Pipeline {
        let settings = ProviderSettings(
            kind: .openai, baseURL: base, model: "stub-model", timeoutSeconds: TestPatience.seconds,
            structuredOutput: .jsonObject,
            retry: RetryPolicy(maxAttempts: retries + 1, baseDelay: .milliseconds(10), maxDelay: .milliseconds(10)))
        let clock = ImmediateClock()
        let provider = makeProvider(
            settings, transport: TestHTTPClient.transport(), clock: clock, random: RandomSource(seed: 7),
            events: { events.record(.generator($0)) })
        let store = try await Store.open(path: database, now: .constant(Date(timeIntervalSince1970: 1_800_000_000)))
        return Pipeline(
            store: store, provider: provider, templates: .builtIn, clock: clock,
            events: {
                events.record($0)
                onEvent($0)
            })
    }

    /// The stored cards of `topic` by batch number.
    static func storedCards(_ pipeline: Pipeline, topic: String) async throws -> [[CardDraft]] {
        let found = try #require(try await Topics.named(on: pipeline.store, topic))
        let cards = try await Cards.inTopic(on: pipeline.store, topicID: found.id)
        let batches = Dictionary(grouping: cards, by: { $0.batchID ?? 0 }).sorted { $0.key < $1.key }
        return batches.map { batch in
            batch.value.sorted { $0.position < $1.position }.map {
                CardDraft(
                    kind: $0.kind, question: $0.question, answer: $0.answer, explanation: $0.explanation,
                    origin: $0.origin, imageQuery: $0.imageQuery)
            }
        }
    }

    @Test func cardsArriveBeforeTheReplyIsCompleteAndEqualTheStoredBatch() async throws {
        let server = try await LoopbackServer.start()
        defer { server.stop() }
        let database = PipelineFixtures.temporaryDatabasePath()
        defer { try? FileManager.default.removeItem(atPath: database) }
        // The stub holds back the second half of the reply until a card has been reported: the batch can only be
        // stored if cards were streamed while the reply was incomplete, however busy the machine.
        let release = server.url("/release/first-card")
        let released = Mutex(false)
        let events = TimedEvents()
        let pipeline = try await Self.pipeline(
            base: server.url("/openai-stream-gated/first-card/v1"), database: database, events: events,
            onEvent: { event in
                guard case .cardStreamed = event else { return }
                let isFirst = released.withLock { value in
                    defer { value = true }
                    return !value
                }
                guard isFirst else { return }
                Task {
                    _ = try? await TestHTTPClient.transport().send(
                        LLMHTTPRequest(url: release, method: "GET", body: Data(), timeoutSeconds: TestPatience.seconds))
                }
            })
        let summaries = try await pipeline.generate(
            topic: "Roman history", batches: 1, options: GenerationOptions(stream: true))

        #expect(events.events.filter { if case .cardStreamed = $0 { true } else { false } }.count == 15)
        #expect(events.restarts.isEmpty)
        #expect(events.kept[1] == (try await Self.storedCards(pipeline, topic: "Roman history")).first)
        let summary = try #require(summaries.first)
        #expect(summary.kept == 15)
        #expect(summary.inputTokens == 400)
        #expect((summary.outputTokens ?? 0) > 300)
    }

    @Test func aConnectionCutMidStreamRestartsTheBatchAndStoresItOnce() async throws {
        let server = try await LoopbackServer.start()
        defer { server.stop() }
        let database = PipelineFixtures.temporaryDatabasePath()
        defer { try? FileManager.default.removeItem(atPath: database) }
        let events = TimedEvents()
        let pipeline = try await Self.pipeline(
            base: server.url("/openai-stream-cut/0.3/v1"), database: database, events: events, retries: 1)
        let summaries = try await pipeline.generate(
            topic: "Roman history", batches: 1, options: GenerationOptions(stream: true))
        #expect(events.restarts == ["the request is sent again"])
        #expect(
            events.events.contains { if case .generator(.retrying(_, 2, _, _)) = $0 { true } else { false } })
        // Cards of the cut attempt were streamed, then withdrawn; what the consumer keeps is what was stored.
        let streamedTotal = events.events.filter { if case .cardStreamed = $0 { true } else { false } }.count
        #expect(streamedTotal > 15)
        let stored = try await Self.storedCards(pipeline, topic: "Roman history")
        #expect(stored.count == 1)
        #expect(events.kept[1] == stored.first)
        #expect(summaries.first?.kept == 15)
    }

    @Test func withoutStreamingNoCardIsReportedAndTheSameBatchIsStored() async throws {
        let server = try await LoopbackServer.start()
        defer { server.stop() }
        let database = PipelineFixtures.temporaryDatabasePath()
        defer { try? FileManager.default.removeItem(atPath: database) }
        let events = TimedEvents()
        let pipeline = try await Self.pipeline(base: server.url("/openai/0/v1"), database: database, events: events)
        let summaries = try await pipeline.generate(topic: "Roman history", batches: 1, options: GenerationOptions())
        #expect(events.kept.isEmpty)
        #expect(summaries.first?.kept == 15)
    }

    static func json(_ object: Any) -> String {
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data()
        return String(decoding: data, as: UTF8.self)
    }

    @Test func aCardStoredMeanwhileByAnEarlierBatchRestartsTheLaterBatchsStream() async throws {
        // Both replies carry "Shared question?"; batch 2 streams it before batch 1 is stored, then drops it.
        func sse(_ questions: [String]) -> StubTransport.Reply {
            let content = PipelineFixtures.cardsJSON(questions)
            let chunk = Self.json(["choices": [["index": 0, "delta": ["content": content], "finish_reason": "stop"]]])
            return .response(
                LLMHTTPResponse(
                    status: 200, headers: ["content-type": "text/event-stream"],
                    body: Data("data: \(chunk)\n\ndata: [DONE]\n\n".utf8)))
        }
        let transport = StubTransport(replies: [
            sse(["Shared question?", "Only in one?"]), sse(["Shared question?", "Only in two?"]),
        ])
        let database = PipelineFixtures.temporaryDatabasePath()
        defer { try? FileManager.default.removeItem(atPath: database) }
        let events = TimedEvents()
        let pipeline = try await PipelineFixtures.makePipeline(
            transport: transport, database: database, events: { events.record($0) })
        _ = try await pipeline.generate(
            topic: "Roman history", batches: 2, options: GenerationOptions(concurrency: 2, stream: true))
        let stored = try await Self.storedCards(pipeline, topic: "Roman history")
        // Which reply each batch got depends on which request reached the stub first; the shape does not.
        #expect(stored.map(\.count) == [2, 1])
        #expect(stored[0].first?.question == "Shared question?")
        #expect(events.restarts == ["the stored batch differs from the streamed cards"])
        #expect(events.kept[1] == stored[0])
        #expect(events.kept[2] == stored[1])
    }

    @Test func theFixtureProviderStreamsOffline() async throws {
        let database = PipelineFixtures.temporaryDatabasePath()
        defer { try? FileManager.default.removeItem(atPath: database) }
        let events = TimedEvents()
        let store = try await Store.open(path: database, now: .constant(Date(timeIntervalSince1970: 1_800_000_000)))
        let pipeline = Pipeline(
            store: store, provider: FixtureProvider(directory: nil), templates: .builtIn, clock: ImmediateClock(),
            origin: .fixture, events: { events.record($0) })
        _ = try await pipeline.generate(topic: "Roman history", batches: 2, options: GenerationOptions(stream: true))
        let stored = try await Self.storedCards(pipeline, topic: "Roman history")
        #expect(stored.count == 2)
        #expect(events.kept[1] == stored[0])
        #expect(events.kept[2] == stored[1])
        #expect(events.restarts.isEmpty)
    }
}
