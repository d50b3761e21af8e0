import FCCore
import FCGenerator
import FCPipeline
import FCStore
import FCTestSupport
import Foundation
import Synchronization

/// A refill worker over a stub transport, a temp database, a manual wall clock and an injected elapsed clock.
///
/// The default elapsed clock is a `TestClock` nobody advances: lease renewals then wait instead of spinning.
struct RefillHarness {
    let database: TemporaryDatabase
    let time = ManualNow()
    let store: Store
    let worker: RefillWorker
    let events = WorkerEventLog()

    init(
        transport: any LLMTransport,
        clock: any Clock<Duration> = TestClock(),
        options: RefillOptions = RefillOptions(workerID: "test:1"),
        retries: Int = 0,
        requestsPerMinute: Int? = nil,
        seed: UInt64 = 42,
        pricing: Pricing? = nil
    ) async throws {
        database = await TemporaryDatabase.make()
        store = try await Store.open(path: database.path, now: time.now)
        let settings = ProviderSettings(
            kind: .openai,
            baseURL: URL(string: "http://127.0.0.1:9/v1"),
            model: "stub-model",
            timeoutSeconds: TestPatience.seconds,
            structuredOutput: .jsonObject,
            retry: RetryPolicy(maxAttempts: retries + 1, baseDelay: .seconds(1), maxDelay: .seconds(1)),
            requestsPerMinute: requestsPerMinute
        )
        let log = events
        let provider = makeProvider(
            settings, transport: transport, clock: clock, random: RandomSource(seed: 7),
            events: { log.record(.generator($0)) })
        let pipeline = Pipeline(
            store: store, provider: provider, templates: .builtIn, clock: clock, pricing: pricing)
        worker = RefillWorker(
            pipeline: pipeline, options: options, clock: clock, random: RandomSource(seed: seed),
            events: { log.record($0) })
    }

    /// Subscribes topics named `names` (refill below 10, batches of 3).
    @discardableResult
    func subscribe(_ names: [String], policy: TopicPolicy = TopicPolicy(refillBelow: 10, batchSize: 3)) async throws
        -> [Topic]
    {
        var topics: [Topic] = []
        for name in names {
            let topic = try await Topics.ensure(on: store, named: name)
            try await Topics.setPolicy(on: store, policy, topicID: topic.id)
            topics.append(topic)
        }
        return topics
    }

    /// A reply with three questions unique to the request (its topic appears in the prompt).
    static func reply(for request: LLMHTTPRequest, index: Int) -> LLMHTTPResponse {
        let questions = (1...3).map { "Question \($0) of request \(index)?" }
        return LLMHTTPResponse(
            status: 200, headers: ["content-type": "application/json"],
            body: Data(PipelineFixtures.openAIBody(content: PipelineFixtures.cardsJSON(questions)).utf8))
    }
}

/// Collects worker events from concurrent jobs.
final class WorkerEventLog: Sendable {
    private let storage = Mutex<[WorkerEvent]>([])

    var events: [WorkerEvent] { storage.withLock { $0 } }

    func record(_ event: WorkerEvent) { storage.withLock { $0.append(event) } }

    /// Short names of the events, e.g. `["enqueued", "claimed", "stored", "round"]`.
    var names: [String] {
        events.map { event in
            switch event {
            case .jobEnqueued: "enqueued"
            case .jobClaimed: "claimed"
            case .generator: "generator"
            case .batchStored: "stored"
            case .jobFailed: "failed"
            case .jobReleased: "released"
            case .leaseLost: "lost"
            case .budgetDeferred: "deferred"
            case .roundFailed: "roundFailed"
            case .roundFinished: "round"
            }
        }
    }

    /// The waits the provider's rate limiter reported.
    var rateLimitWaits: [Duration] {
        events.compactMap { event in
            if case .generator(.rateLimited(_, let delay)) = event { return delay }
            return nil
        }
    }
}
