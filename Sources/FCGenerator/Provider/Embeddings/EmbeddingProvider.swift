package import FCCore

/// The vectors an embedding model gave a list of texts: one per text, in the texts' order, each scaled to length 1
/// so that the dot product of two is their cosine similarity.
package struct Embeddings: Sendable, Equatable {
    package var vectors: [[Float]]
    /// The model the provider says answered, else the one requested.
    package var model: String
    /// The request's tokens (input only); unknown where the provider does not say (Gemini).
    package var usage: TokenUsage

    package init(vectors: [[Float]], model: String, usage: TokenUsage) {
        self.vectors = vectors
        self.model = model
        self.usage = usage
    }
}

/// A source of text embeddings: an OpenAI-compatible `POST {base}/embeddings` (OpenAI, llama.cpp's server, Ollama,
/// vLLM) or Gemini's `batchEmbedContents`, behind the same retry loop and rate limiter as generation requests.
/// Anthropic has no embeddings endpoint, and the offline fixtures have none.
///
/// ```swift
/// let embedder = makeEmbeddingProvider(settings, model: "text-embedding-3-small", transport: transport, …)
/// let embeddings = try await embedder?.embed(["Who wrote Hamlet?", "Who is the author of Hamlet?"])
/// ```
package protocol EmbeddingProvider: Sendable {
    /// `openai` or `gemini`, as the usage ledger names the provider.
    var name: String { get }
    /// The embedding model requested.
    var model: String { get }
    /// Embeds `texts` (sent in requests of at most ``EmbeddingLimits/textsPerRequest``).
    /// - Throws: ``GeneratorError``.
    func embed(_ texts: [String]) async throws(GeneratorError) -> Embeddings
}

/// What an embedding reply may hold, checked where it enters.
package enum EmbeddingLimits {
    /// Texts per request: Gemini's `batchEmbedContents` takes at most 100; OpenAI's limit is higher.
    package static let textsPerRequest = 100
    /// The largest dimension accepted (OpenAI's largest model has 3,072; 16,384 leaves room and bounds memory).
    package static let maxDimension = 16_384
}

extension EmbeddingProvider {
    /// `texts` in requests of at most ``EmbeddingLimits/textsPerRequest`` each (`send` makes one request), joined.
    func embedInChunks(
        _ texts: [String], send: ([String]) async throws(GeneratorError) -> Embeddings
    ) async throws(GeneratorError) -> Embeddings {
        var joined = Embeddings(vectors: [], model: model, usage: .none)
        var start = 0
        while start < texts.count {
            let end = min(start + EmbeddingLimits.textsPerRequest, texts.count)
            let part = try await send(Array(texts[start..<end]))
            joined.vectors += part.vectors
            joined.model = part.model
            joined.usage = joined.usage.adding(part.usage)
            start = end
        }
        return joined
    }
}
