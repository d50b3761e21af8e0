import FCCore
import Foundation

/// A provider speaking OpenAI chat completions: OpenAI itself or any compatible server (set `baseURL`).
///
/// Sends `Authorization: Bearer` only when a key is configured, since local servers need none. Structured output
/// starts at the configured mode and steps down `json_schema → json_object_schema → json_object → none` each time
/// the server rejects one (see ``StructuredOutputState``).
struct OpenAIProvider: LLMProvider {
    let name = ProviderKind.openai.rawValue
    let settings: ProviderSettings
    let endpoint: URL
    let executor: RequestExecutor
    let structured: StructuredOutputState

    var model: String { settings.model }

    /// Fragments of an error body that show the server objected to `response_format`.
    static let rejectionKeywords = ["response_format", "json_schema", "json_object", "structured output"]

    init(settings: ProviderSettings, executor: RequestExecutor) {
        self.settings = settings
        endpoint = (settings.baseURL ?? ProviderKind.openai.defaultBaseURL ?? URL.constant("http://localhost"))
            .appendingRawPath("chat/completions")
        self.executor = executor
        structured = StructuredOutputState(initial: settings.structuredOutput, keywords: Self.rejectionKeywords)
    }

    func complete(_ request: GenerationRequest) async throws -> Completion {
        try await executor.complete(
            structured: structured,
            makeRequest: { httpRequest(for: request, mode: $0) },
            decode: { [model] response throws(DecodeFailure) in
                try OpenAIWire.parse(response.body, requestedModel: model)
            }
        )
    }

    var streams: Bool { true }

    func stream(_ request: GenerationRequest, updates: @escaping StreamHandler) async throws -> Completion {
        try await executor.stream(
            structured: structured,
            makeRequest: { httpRequest(for: request, mode: $0, stream: true) },
            decoder: { OpenAIStreamDecoder() },
            requestedModel: model,
            updates: updates
        )
    }

    func httpRequest(for request: GenerationRequest, mode: StructuredOutputMode, stream: Bool = false)
        -> LLMHTTPRequest
    {
        var body = OpenAIWire.ChatRequest(
            model: settings.model,
            system: request.prompt.system,
            user: request.prompt.user,
            temperature: settings.temperature,
            maxTokens: settings.maxOutputTokens,
            mode: mode,
            count: request.count
        )
        body.stream = stream
        body.frequencyPenalty = settings.frequencyPenalty
        body.reply = request.reply
        body.kinds = request.kinds
        var headers = [
            "Content-Type": "application/json", "Accept": stream ? "text/event-stream" : "application/json",
        ]
        if let key = settings.apiKey, !key.isEmpty { headers["Authorization"] = "Bearer \(key)" }
        return LLMHTTPRequest(
            url: endpoint,
            headers: headers,
            body: Data(body.json.data()),
            timeoutSeconds: settings.timeoutSeconds
        )
    }
}
