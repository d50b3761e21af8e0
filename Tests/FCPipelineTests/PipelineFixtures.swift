import FCCore
import FCGenerator
import FCPipeline
import FCStore
import FCTestSupport
import Foundation
import Synchronization

/// Builders shared by the pipeline tests: OpenAI-format replies, a pipeline over a stub transport and a temp store.
enum PipelineFixtures {
    /// An OpenAI chat-completions body whose message content is `content`.
    static func openAIBody(
        content: String, finishReason: String = "stop", promptTokens: Int = 100, completionTokens: Int = 200
    )
        -> String
    {
        let envelope: [String: Any] = [
            "id": "chatcmpl-test", "object": "chat.completion", "model": "stub-model",
            "choices": [
                ["index": 0, "message": ["role": "assistant", "content": content], "finish_reason": finishReason]
            ],
            "usage": ["prompt_tokens": promptTokens, "completion_tokens": completionTokens],
        ]
        let data = (try? JSONSerialization.data(withJSONObject: envelope, options: [.sortedKeys])) ?? Data()
        return String(decoding: data, as: UTF8.self)
    }

    /// `{"cards": [...]}` with one question/answer card per pair.
    static func cardsJSON(_ questions: [String]) -> String {
        let cards = questions.map {
            ["question": $0, "answer": "Answer to \($0)", "explanation": "Because.", "type": "question"]
        }
        let data = (try? JSONSerialization.data(withJSONObject: ["cards": cards], options: [.sortedKeys])) ?? Data()
        return String(decoding: data, as: UTF8.self)
    }

    /// A successful reply carrying `questions`.
    static func reply(_ questions: [String]) -> StubTransport.Reply {
        .json(openAIBody(content: cardsJSON(questions)))
    }

    /// A pipeline on the openai provider over `transport`, storing into a fresh temp database.
    static func makePipeline(
        transport: any LLMTransport,
        database: String,
        base: URL? = URL(string: "http://127.0.0.1:9/v1"),
        retries: Int = 0,
        structuredOutput: StructuredOutputMode = .jsonObject,
        events: @escaping PipelineEventHandler = { _ in }
    ) async throws -> Pipeline {
        let settings = ProviderSettings(
            kind: .openai,
            baseURL: base,
            model: "stub-model",
            timeoutSeconds: TestPatience.seconds,
            structuredOutput: structuredOutput,
            retry: RetryPolicy(maxAttempts: retries + 1, baseDelay: .milliseconds(10), maxDelay: .milliseconds(10))
        )
        let clock = ImmediateClock()
        let provider = makeProvider(
            settings,
            transport: transport,
            clock: clock,
            random: RandomSource(seed: 7),
            events: { events(.generator($0)) }
        )
        let store = try await Store.open(path: database, now: .constant(Date(timeIntervalSince1970: 1_800_000_000)))
        return Pipeline(store: store, provider: provider, templates: .builtIn, clock: clock, events: events)
    }

    /// A unique database path in the temp folder; the caller removes it.
    static func temporaryDatabasePath() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("fcgen-pipeline-\(UUID().uuidString).sqlite").path
    }
}

/// Collects events from concurrent batches for assertions.
final class EventLog: Sendable {
    private let storage = Mutex<[PipelineEvent]>([])

    var events: [PipelineEvent] { storage.withLock { $0 } }

    func record(_ event: PipelineEvent) { storage.withLock { $0.append(event) } }
}
