import FCCore
import Foundation

/// Embeddings from an OpenAI-compatible `POST {base}/embeddings` (OpenAI, llama.cpp's server, Ollama, vLLM).
struct OpenAIEmbeddings: EmbeddingProvider {
    let name = ProviderKind.openai.rawValue
    let model: String
    let settings: ProviderSettings
    let endpoint: URL
    let executor: RequestExecutor

    init(settings: ProviderSettings, model: String, executor: RequestExecutor) {
        self.settings = settings
        self.model = model
        endpoint = (settings.baseURL ?? ProviderKind.openai.defaultBaseURL ?? URL.constant("http://localhost"))
            .appendingRawPath("embeddings")
        self.executor = executor
    }

    func embed(_ texts: [String]) async throws(GeneratorError) -> Embeddings {
        try await embedInChunks(texts) { texts throws(GeneratorError) in
            let body: WireJSON = [
                "model": .string(model), "input": .array(texts.map { .string($0) }), "encoding_format": "float",
            ]
            var headers = ["Content-Type": "application/json", "Accept": "application/json"]
            if let key = settings.apiKey, !key.isEmpty { headers["Authorization"] = "Bearer \(key)" }
            let request = LLMHTTPRequest(
                url: endpoint, headers: headers, body: Data(body.serialized().utf8),
                timeoutSeconds: settings.timeoutSeconds)
            return try await executor.decoded(request) { [model] response throws(DecodeFailure) in
                try EmbeddingWire.openAI(response.body, count: texts.count, requestedModel: model)
            }
        }
    }
}
