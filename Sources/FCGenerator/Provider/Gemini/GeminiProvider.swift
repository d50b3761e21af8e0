import FCCore
import Foundation

/// A provider speaking Gemini's `generateContent`, key in the `x-goog-api-key` header (never in the URL, where it
/// would end up in logs and error messages).
///
/// `json_schema` and `json_object_schema` both send `responseSchema`; a rejection steps down to `responseMimeType`
/// alone (`json_object`), then to nothing.
struct GeminiProvider: LLMProvider {
    let name = ProviderKind.gemini.rawValue
    let settings: ProviderSettings
    let endpoint: URL
    /// `models/{model}:streamGenerateContent?alt=sse`: the same reply as server-sent events.
    let streamEndpoint: URL
    let executor: RequestExecutor
    let structured: StructuredOutputState

    var model: String { settings.model }

    static let rejectionKeywords = [
        "responseschema", "response_schema", "responsemimetype", "response_mime_type", "propertyordering",
        "generation_config", "generationconfig",
    ]

    init(settings: ProviderSettings, executor: RequestExecutor) {
        self.settings = settings
        // Accept both "gemini-2.0-flash" and the resource name "models/gemini-2.0-flash".
        var model = settings.model
        if model.hasPrefix("models/") { model.removeFirst("models/".count) }
        let escaped = model.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? model
        let base = settings.baseURL ?? ProviderKind.gemini.defaultBaseURL ?? URL.constant("http://localhost")
        endpoint = base.appendingRawPath("models/\(escaped):generateContent")
        streamEndpoint = base.appendingRawPath("models/\(escaped):streamGenerateContent?alt=sse")
        self.executor = executor
        structured = StructuredOutputState(
            initial: settings.structuredOutput,
            keywords: Self.rejectionKeywords,
            next: { mode in
                switch mode {
                case .jsonSchema, .jsonObjectSchema: .jsonObject
                case .jsonObject: StructuredOutputMode.none
                case .none: nil
                }
            }
        )
    }

    func complete(_ request: GenerationRequest) async throws -> Completion {
        try await executor.complete(
            structured: structured,
            makeRequest: { httpRequest(for: request, mode: $0) },
            decode: { [model] response throws(DecodeFailure) in
                try GeminiWire.parse(response.body, requestedModel: model)
            }
        )
    }

    var streams: Bool { true }

    func stream(_ request: GenerationRequest, updates: @escaping StreamHandler) async throws -> Completion {
        try await executor.stream(
            structured: structured,
            makeRequest: { httpRequest(for: request, mode: $0, stream: true) },
            decoder: { GeminiStreamDecoder() },
            requestedModel: model,
            updates: updates
        )
    }

    func httpRequest(for request: GenerationRequest, mode: StructuredOutputMode, stream: Bool = false)
        -> LLMHTTPRequest
    {
        var body = GeminiWire.GenerateRequest(
            system: request.prompt.system,
            user: request.prompt.user,
            temperature: settings.temperature,
            maxOutputTokens: settings.maxOutputTokens,
            mode: mode,
            count: request.count
        )
        body.reply = request.reply
        body.kinds = request.kinds
        var headers = [
            "Content-Type": "application/json", "Accept": stream ? "text/event-stream" : "application/json",
        ]
        if let key = settings.apiKey, !key.isEmpty { headers["x-goog-api-key"] = key }
        return LLMHTTPRequest(
            url: stream ? streamEndpoint : endpoint,
            headers: headers,
            body: Data(body.json.data()),
            timeoutSeconds: settings.timeoutSeconds
        )
    }
}
