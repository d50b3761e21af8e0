import FCCore
import Foundation

/// Embeddings from Gemini's `POST {base}/models/{model}:batchEmbedContents`, the key in `x-goog-api-key`.
struct GeminiEmbeddings: EmbeddingProvider {
    let name = ProviderKind.gemini.rawValue
    let model: String
    let settings: ProviderSettings
    let endpoint: URL
    let executor: RequestExecutor

    init(settings: ProviderSettings, model: String, executor: RequestExecutor) {
        self.settings = settings
        // Accept both "text-embedding-004" and the resource name "models/text-embedding-004".
        let bare = model.hasPrefix("models/") ? String(model.dropFirst("models/".count)) : model
        self.model = bare
        let escaped = bare.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? bare
        let base = settings.baseURL ?? ProviderKind.gemini.defaultBaseURL ?? URL.constant("http://localhost")
        endpoint = base.appendingRawPath("models/\(escaped):batchEmbedContents")
        self.executor = executor
    }

    func embed(_ texts: [String]) async throws(GeneratorError) -> Embeddings {
        try await embedInChunks(texts) { texts throws(GeneratorError) in
            let body: WireJSON = [
                "requests": .array(
                    texts.map { text in
                        ["model": .string("models/\(model)"), "content": ["parts": [["text": .string(text)]]]]
                    })
            ]
            var headers = ["Content-Type": "application/json", "Accept": "application/json"]
            if let key = settings.apiKey, !key.isEmpty { headers["x-goog-api-key"] = key }
            let request = LLMHTTPRequest(
                url: endpoint, headers: headers, body: Data(body.serialized().utf8),
                timeoutSeconds: settings.timeoutSeconds)
            return try await executor.decoded(request) { [model] response throws(DecodeFailure) in
                try EmbeddingWire.gemini(response.body, count: texts.count, requestedModel: model)
            }
        }
    }
}
