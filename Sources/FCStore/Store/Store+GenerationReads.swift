package import FCCore
import Foundation

extension Database {
    /// The topic with this id, or `nil` when there is none.
    package func topic(id: Int64) async throws -> Topic? {
        try await connection.withQuery(
            "SELECT id, name, created_at FROM topics WHERE id = \(id) AND import_staging_id IS NULL",
            operation: "find topic"
        ) { statement in
            guard try await statement.step() else { return nil }
            return Topic(
                id: statement.int64(at: 0), name: statement.string(at: 1),
                createdAt: Date(unixMilliseconds: statement.int64(at: 2)))
        }
    }

    /// The cards batch `number` of the topic stored, in deck order (empty when the batch kept none or is unknown).
    ///
    /// What a generation's progress stream sends after each stored batch: the batch is committed by then, so the
    /// cards read here are exactly the ones it inserted (minus any deleted since).
    package func cards(topicID: Int64, batchNumber: Int) async throws -> [Card] {
        try await connection.withQuery(
            """
            SELECT c.id, c.topic_id, c.batch_id, c.kind, c.question, c.answer, c.explanation, c.origin, c.dedup_key,
                   c.position, c.created_at, c.choices_json, c.image_query, c.cloze_number, c.cloze_of
            FROM cards c JOIN batches b ON b.id = c.batch_id
            WHERE b.topic_id = \(topicID) AND b.number = \(batchNumber) AND c.cloze_of IS NULL ORDER BY c.position
            """,
            operation: "list a batch's cards"
        ) { statement in
            var cards: [Card] = []
            while try await statement.step() { cards.append(try Self.card(from: statement)) }
            return cards
        }
    }
}
