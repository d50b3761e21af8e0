extension Database {
    /// The stored embeddings made by `model` of the topic's cards with these dedup keys, by key; cards without one
    /// (never embedded, or by another model) are absent.
    package func cardEmbeddings(topicID: Int64, keys: some Sequence<String>, model: String) async throws
        -> [String: [Float]]
    {
        var found: [String: [Float]] = [:]
        for key in Set(keys) {
            let vector: [Float]? = try await connection.withQuery(
                """
                SELECT e.dimension, e.vector FROM card_embeddings e JOIN cards c ON c.id = e.card_id
                WHERE c.topic_id = \(topicID) AND c.dedup_key = \(key) AND e.model = \(model)
                """,
                operation: "read card embedding"
            ) { statement in
                guard try await statement.step() else { return nil }
                return EmbeddingColumn.decode(statement.bytes(at: 1), dimension: statement.int(at: 0))
            }
            if let vector { found[key] = vector }
        }
        return found
    }

    /// Stores `vector` as the card's embedding by `model`, in place of any it had.
    package func storeEmbedding(cardID: Int64, model: String, vector: [Float]) async throws {
        try await connection.runQuery(
            """
            INSERT INTO card_embeddings (card_id, model, dimension, vector)
            VALUES (\(cardID), \(model), \(vector.count), \(bytes: EmbeddingColumn.encode(vector)))
            \(raw: Self.embeddingMerge)
            """,
            operation: "store card embedding")
    }

    /// Stores `vector` as the embedding by `model` of the topic's card with this dedup key, if the topic has it.
    package func storeEmbedding(topicID: Int64, dedupKey: String, model: String, vector: [Float]) async throws {
        try await connection.runQuery(
            """
            INSERT INTO card_embeddings (card_id, model, dimension, vector)
            SELECT id, \(model), \(vector.count), \(bytes: EmbeddingColumn.encode(vector)) FROM cards
            WHERE topic_id = \(topicID) AND dedup_key = \(dedupKey)
            \(raw: Self.embeddingMerge)
            """,
            operation: "store card embedding")
    }

    private static let embeddingMerge = """
        ON CONFLICT (card_id) DO UPDATE SET model = excluded.model, dimension = excluded.dimension,
            vector = excluded.vector
        """
}

extension Store {
    package func cardEmbeddings(topicID: Int64, keys: some Sequence<String> & Sendable, model: String) async throws
        -> [String: [Float]]
    {
        try await read { try await $0.cardEmbeddings(topicID: topicID, keys: keys, model: model) }
    }
}

/// A vector as the `card_embeddings.vector` column holds it: its float32 values, little-endian.
enum EmbeddingColumn {
    static func encode(_ vector: [Float]) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(vector.count * 4)
        for value in vector {
            let bits = value.bitPattern
            bytes.append(contentsOf: [UInt8(truncatingIfNeeded: bits), UInt8(truncatingIfNeeded: bits >> 8)])
            bytes.append(contentsOf: [UInt8(truncatingIfNeeded: bits >> 16), UInt8(truncatingIfNeeded: bits >> 24)])
        }
        return bytes
    }

    /// The vector, or `nil` when the bytes do not hold `dimension` values (a damaged row is not compared).
    static func decode(_ bytes: [UInt8], dimension: Int) -> [Float]? {
        guard dimension > 0, bytes.count % 4 == 0, bytes.count / 4 == dimension else { return nil }
        return (0..<dimension).map { index in
            let at = index * 4
            let bits =
                UInt32(bytes[at]) | UInt32(bytes[at + 1]) << 8 | UInt32(bytes[at + 2]) << 16
                | UInt32(bytes[at + 3]) << 24
            return Float(bitPattern: bits)
        }
    }
}
