package import FCCore
import Foundation

extension Database {
    /// The topic's cards in deck order (by position).
    package func cards(topicID: Int64) async throws -> [Card] {
        try await connection.withQuery(
            """
            SELECT id, topic_id, batch_id, kind, question, answer, explanation, origin, dedup_key, position, created_at,
                choices_json, image_query, cloze_number, cloze_of
            FROM cards WHERE topic_id = \(topicID) AND \(raw: Self.visibleTopicSQL("topic_id")) ORDER BY position
            """,
            operation: "list cards"
        ) { statement in
            var cards: [Card] = []
            while try await statement.step() { cards.append(try Self.card(from: statement)) }
            return cards
        }
    }

    /// The topic's newest questions, newest first (highest position first); for a prompt's avoid-list.
    package func recentQuestions(topicID: Int64, limit: Int) async throws -> [String] {
        guard limit > 0 else { return [] }
        return try await connection.withQuery(
            "SELECT question FROM cards WHERE topic_id = \(topicID) AND cloze_of IS NULL ORDER BY position DESC LIMIT \(limit)",
            operation: "list recent questions"
        ) { statement in
            var questions: [String] = []
            while try await statement.step() { questions.append(statement.string(at: 0)) }
            return questions
        }
    }

    /// Reads a card from a row with the columns of ``cards(topicID:)``, in that order (`cloze_of` last).
    static func card(from statement: any SQLStatement) throws -> Card {
        let id = statement.int64(at: 0)
        guard let kind = CardKind(rawValue: statement.string(at: 3)) else {
            throw StoreError.corruptRow(table: "cards", column: "kind", rowID: id)
        }
        guard let origin = CardOrigin(rawValue: statement.string(at: 7)) else {
            throw StoreError.corruptRow(table: "cards", column: "origin", rowID: id)
        }
        return Card(
            id: id,
            topicID: statement.int64(at: 1),
            batchID: statement.optionalInt64(at: 2),
            kind: kind,
            question: statement.string(at: 4),
            answer: statement.string(at: 5),
            explanation: statement.optionalString(at: 6),
            origin: origin,
            dedupKey: statement.string(at: 8),
            position: statement.int(at: 9),
            createdAt: Date(unixMilliseconds: statement.int64(at: 10)),
            choices: try CardChoicesColumn.decode(statement.optionalString(at: 11), cardID: id),
            imageQuery: statement.optionalString(at: 12),
            clozeNumber: statement.optionalInt(at: 13),
            clozeOf: statement.optionalInt64(at: 14))
    }
}
