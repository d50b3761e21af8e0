import FCCore
import FCGenerator
import FCTestSupport
import Foundation
import Synchronization

/// Collects the events a provider emits, for assertions.
final class EventLog: Sendable {
    private let events = Mutex<[GeneratorEvent]>([])

    var all: [GeneratorEvent] { events.withLock { $0 } }

    var handler: @Sendable (GeneratorEvent) -> Void {
        { [self] event in self.events.withLock { $0.append(event) } }
    }

    var retryDelays: [Duration] {
        all.compactMap { event in
            if case .retrying(_, _, let delay, _) = event { return delay }
            return nil
        }
    }
}

enum Fixtures {
    static let plan = BatchPlan(number: 3, aspect: "causes and effects", depth: .foundational)

    static func request(topic: String = "Roman history", count: Int = 5, plan: BatchPlan = plan) -> GenerationRequest {
        GenerationRequest(
            topic: topic,
            plan: plan,
            count: count,
            prompt: Prompt(system: "SYSTEM TEXT", user: "USER TEXT")
        )
    }

    /// The raw model text of a good batch.
    static let cardsText =
        #"{"cards":[{"question":"Who founded Rome?","answer":"Romulus","explanation":"Legend.","type":"question"}]}"#

    /// An OpenAI chat-completions body.
    static func openAIBody(
        content: String = cardsText,
        finishReason: String = "stop",
        model: String = "served-model",
        promptTokens: Int = 120,
        completionTokens: Int = 45
    ) -> String {
        let object: [String: Any] = [
            "id": "chatcmpl-1", "object": "chat.completion", "created": 1, "model": model,
            "choices": [
                ["index": 0, "message": ["role": "assistant", "content": content], "finish_reason": finishReason]
            ],
            "usage": [
                "prompt_tokens": promptTokens, "completion_tokens": completionTokens,
                "total_tokens": promptTokens + completionTokens,
            ],
        ]
        return jsonText(object)
    }

    static func jsonText(_ object: Any) -> String {
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data()
        return String(decoding: data, as: UTF8.self)
    }

    static func settings(
        _ kind: ProviderKind = .openai,
        baseURL: URL? = nil,
        apiKey: String? = nil,
        structured: StructuredOutputMode = .jsonSchema,
        timeoutSeconds: Int = TestPatience.seconds,
        retry: RetryPolicy = RetryPolicy(maxAttempts: 4, baseDelay: .seconds(1), maxDelay: .seconds(30)),
        requestsPerMinute: Int? = nil
    ) -> ProviderSettings {
        ProviderSettings(
            kind: kind,
            baseURL: baseURL,
            model: "test-model",
            apiKey: apiKey,
            temperature: 0.25,
            maxOutputTokens: 900,
            timeoutSeconds: timeoutSeconds,
            structuredOutput: structured,
            retry: retry,
            requestsPerMinute: requestsPerMinute
        )
    }
}

extension LoopbackServer.RecordedRequest {
    /// The value at `path` (object keys) in the JSON body.
    func value(_ path: String...) -> Any? {
        var current: Any? = json
        for key in path { current = (current as? [String: Any])?[key] }
        return current
    }
}

extension LLMHTTPRequest {
    var json: [String: Any]? { (try? JSONSerialization.jsonObject(with: body)) as? [String: Any] }
}
