package import FCCore
package import Foundation

/// The embedding replies' wire formats, read and checked where they enter: one finite, non-zero vector per text,
/// all of one dimension (at most ``EmbeddingLimits/maxDimension``), each scaled to length 1.
package enum EmbeddingWire {
    /// `POST {base}/embeddings`: `{"data": [{"index": 0, "embedding": [...]}], "model": "…", "usage":
    /// {"prompt_tokens": 12}}`. `data` may come in any order; `index` places each vector.
    package static func openAI(_ body: Data, count: Int, requestedModel: String) throws(DecodeFailure) -> Embeddings {
        struct Reply: Decodable {
            struct Item: Decodable {
                var index: Int
                var embedding: [Float]
            }
            struct Usage: Decodable {
                var promptTokens: Int?
                enum CodingKeys: String, CodingKey { case promptTokens = "prompt_tokens" }
            }
            var data: [Item]
            var model: String?
            var usage: Usage?
        }
        let reply: Reply = try decode(body)
        guard reply.data.count == count else {
            throw DecodeFailure("\(reply.data.count) embeddings for \(count) texts")
        }
        var vectors = [[Float]?](repeating: nil, count: count)
        for item in reply.data {
            guard vectors.indices.contains(item.index), vectors[item.index] == nil else {
                throw DecodeFailure("an embedding with index \(item.index) out of range or repeated")
            }
            vectors[item.index] = item.embedding
        }
        return Embeddings(
            vectors: try normalized(vectors.compactMap { $0 }),
            model: reply.model.flatMap { $0.isEmpty ? nil : $0 } ?? requestedModel,
            usage: TokenUsage(input: try tokens(reply.usage?.promptTokens), output: nil))
    }

    /// Gemini's `POST {base}/models/{model}:batchEmbedContents`: `{"embeddings": [{"values": [...]}]}`, in the
    /// requests' order. Gemini reports no token counts for embeddings.
    package static func gemini(_ body: Data, count: Int, requestedModel: String) throws(DecodeFailure) -> Embeddings {
        struct Reply: Decodable {
            struct Item: Decodable { var values: [Float] }
            var embeddings: [Item]
        }
        let reply: Reply = try decode(body)
        guard reply.embeddings.count == count else {
            throw DecodeFailure("\(reply.embeddings.count) embeddings for \(count) texts")
        }
        return Embeddings(
            vectors: try normalized(reply.embeddings.map(\.values)), model: requestedModel, usage: .none)
    }

    private static func decode<T: Decodable>(_ body: Data) throws(DecodeFailure) -> T {
        guard !body.isEmpty else { throw DecodeFailure("empty body") }
        do {
            return try JSONDecoder().decode(T.self, from: body)
        } catch {
            throw DecodeFailure(OpenAIWire.describe(error, byteCount: body.count))
        }
    }

    /// A token count as sent, refused outside `0...1_000_000_000` (a sum of such counts cannot overflow).
    private static func tokens(_ count: Int?) throws(DecodeFailure) -> Int? {
        guard let count else { return nil }
        guard (0...1_000_000_000).contains(count) else { throw DecodeFailure("a token count out of range") }
        return count
    }

    /// Each vector scaled to length 1, after checking the dimension and that every value is finite and some is not 0.
    static func normalized(_ vectors: [[Float]]) throws(DecodeFailure) -> [[Float]] {
        guard let dimension = vectors.first?.count else { return [] }
        guard (1...EmbeddingLimits.maxDimension).contains(dimension) else {
            throw DecodeFailure("embeddings of dimension \(dimension), not 1...\(EmbeddingLimits.maxDimension)")
        }
        var result: [[Float]] = []
        result.reserveCapacity(vectors.count)
        for vector in vectors {
            guard vector.count == dimension else { throw DecodeFailure("embeddings of different dimensions") }
            var squares: Double = 0
            for value in vector {
                guard value.isFinite else { throw DecodeFailure("an embedding with a value that is not finite") }
                squares += Double(value) * Double(value)
            }
            guard squares > 0 else { throw DecodeFailure("an embedding of zeros") }
            let scale = Float(1 / squares.squareRoot())
            result.append(vector.map { $0 * scale })
        }
        return result
    }
}
