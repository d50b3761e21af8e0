import FCCore
import Foundation

/// Embeddings over HTTP from the provider's own endpoint: an OpenAI-compatible `POST {base}/embeddings` (OpenAI,
/// llama.cpp's server, Ollama, vLLM; key as `Authorization: Bearer`) or Gemini's `POST
/// {base}/models/{model}:batchEmbedContents` (key in `x-goog-api-key`). The two differ only in the endpoint, the
/// body, where the key goes and how the reply reads (``EmbeddingWire``).
struct HTTPEmbeddings: EmbeddingProvider {
    let kind: ProviderKind
    let model: String
    let settings: ProviderSettings
    let endpoint: URL
    let executor: RequestExecutor

    var name: String { kind.rawValue }

    /// `nil` for a provider without an embeddings endpoint.
    init?(settings: ProviderSettings, model: String, executor: RequestExecutor) {
        let base = settings.baseURL ?? settings.kind.defaultBaseURL ?? URL.constant("http://localhost")
        switch settings.kind {
        case .openai:
            self.model = model
            endpoint = base.appendingRawPath("embeddings")
        case .gemini:
            // Accept both "text-embedding-004" and the resource name "models/text-embedding-004".
            let bare = model.hasPrefix("models/") ? String(model.dropFirst("models/".count)) : model
            self.model = bare
            let escaped = bare.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? bare
            endpoint = base.appendingRawPath("models/\(escaped):batchEmbedContents")
        case .anthropic, .fixture:
            return nil
        }
        kind = settings.kind
        self.settings = settings
        self.executor = executor
    }

    func embed(_ texts: [String]) async throws(GeneratorError) -> Embeddings {
        try await embedInChunks(texts) { texts throws(GeneratorError) in
            var headers = ["Content-Type": "application/json", "Accept": "application/json"]
            let key = settings.apiKey.flatMap { $0.isEmpty ? nil : $0 }
            let body: WireJSON
            if kind == .gemini {
                body = [
                    "requests": .array(
                        texts.map { text in
                            ["model": .string("models/\(model)"), "content": ["parts": [["text": .string(text)]]]]
                        })
                ]
                if let key { headers["x-goog-api-key"] = key }
            } else {
                body = [
                    "model": .string(model), "input": .array(texts.map { .string($0) }), "encoding_format": "float",
                ]
                if let key { headers["Authorization"] = "Bearer \(key)" }
            }
            let request = LLMHTTPRequest(
                url: endpoint, headers: headers, body: Data(body.serialized().utf8),
                timeoutSeconds: settings.timeoutSeconds)
            return try await executor.decoded(request) { [kind, model] response throws(DecodeFailure) in
                kind == .gemini
                    ? try EmbeddingWire.gemini(response.body, count: texts.count, requestedModel: model)
                    : try EmbeddingWire.openAI(response.body, count: texts.count, requestedModel: model)
            }
        }
    }
}
