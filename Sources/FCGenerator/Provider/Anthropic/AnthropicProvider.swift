import FCCore
import Foundation

/// A provider speaking Anthropic's Messages API. It has no JSON mode, so the prompt alone asks for JSON and the
/// structured-output setting is ignored.
struct AnthropicProvider: LLMProvider {
    let name = ProviderKind.anthropic.rawValue
    let settings: ProviderSettings
    let endpoint: URL
    let executor: RequestExecutor

    var model: String { settings.model }

    init(settings: ProviderSettings, executor: RequestExecutor) {
        self.settings = settings
        endpoint = (settings.baseURL ?? ProviderKind.anthropic.defaultBaseURL ?? URL.constant("http://localhost"))
            .appendingRawPath("messages")
        self.executor = executor
    }

    func complete(_ request: GenerationRequest) async throws -> Completion {
        let outcome = try await executor.run(
            httpRequest(for: request),
            decode: { [model] response throws(DecodeFailure) in
                try AnthropicWire.parse(response.body, requestedModel: model)
            }
        )
        switch outcome {
        case .decoded(let completion): return completion
        case .intercepted: throw GeneratorError.badResponse(provider: name, detail: "unexpected interception")
        }
    }

    var streams: Bool { true }

    func stream(_ request: GenerationRequest, updates: @escaping StreamHandler) async throws -> Completion {
        try await executor.stream(
            structured: nil,
            makeRequest: { _ in httpRequest(for: request, stream: true) },
            decoder: { AnthropicStreamDecoder() },
            requestedModel: model,
            updates: updates
        )
    }

    func httpRequest(for request: GenerationRequest, stream: Bool = false) -> LLMHTTPRequest {
        var body = AnthropicWire.MessagesRequest(
            model: settings.model,
            system: request.prompt.system,
            user: request.prompt.user,
            temperature: settings.temperature,
            maxTokens: settings.maxOutputTokens
        )
        body.stream = stream
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
