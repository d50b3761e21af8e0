import FCCore
import Foundation

/// A provider speaking Anthropic's Messages API. It has no JSON mode; its structured output is tool use:
/// `json_schema` and `json_object_schema` send one tool whose `input_schema` is the reply's schema, with
/// `tool_choice` naming it, and read the reply's `tool_use` block's `input` as the document. A request whose tool the
/// server rejects steps down to the prompt alone (`none`); `json_object` and `none` send no tool.
struct AnthropicProvider: LLMProvider {
    let name = ProviderKind.anthropic.rawValue
    let settings: ProviderSettings
    let endpoint: URL
    let executor: RequestExecutor
    let structured: StructuredOutputState

    static let rejectionKeywords = ["tool_choice", "input_schema", "tools."]

    var model: String { settings.model }

    init(settings: ProviderSettings, executor: RequestExecutor) {
        self.settings = settings
        endpoint = (settings.baseURL ?? ProviderKind.anthropic.defaultBaseURL ?? URL.constant("http://localhost"))
            .appendingRawPath("messages")
        self.executor = executor
        structured = StructuredOutputState(
            initial: settings.structuredOutput,
            keywords: Self.rejectionKeywords,
            next: { mode in
                switch mode {
                case .jsonSchema, .jsonObjectSchema, .jsonObject: StructuredOutputMode.none
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
                try AnthropicWire.parse(response.body, requestedModel: model)
            }
        )
    }

    var streams: Bool { true }

    func stream(_ request: GenerationRequest, updates: @escaping StreamHandler) async throws -> Completion {
        try await executor.stream(
            structured: structured,
            makeRequest: { httpRequest(for: request, mode: $0, stream: true) },
            decoder: { AnthropicStreamDecoder() },
            requestedModel: model,
            updates: updates
        )
    }

    func httpRequest(for request: GenerationRequest, mode: StructuredOutputMode, stream: Bool = false)
        -> LLMHTTPRequest
    {
        var body = AnthropicWire.MessagesRequest(
            model: settings.model,
            system: request.prompt.system,
            user: request.prompt.user,
            temperature: settings.temperature,
            maxTokens: settings.maxOutputTokens
        )
        body.stream = stream
        body.mode = mode
        body.reply = request.reply
        body.kinds = request.kinds
        var headers = ["content-type": "application/json", "anthropic-version": AnthropicWire.version]
        if let key = settings.apiKey, !key.isEmpty { headers["x-api-key"] = key }
        return LLMHTTPRequest(
            url: endpoint,
            headers: headers,
            body: Data(body.json.data()),
            timeoutSeconds: settings.timeoutSeconds
        )
    }
}
