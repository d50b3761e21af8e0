package import FCCore
import Foundation

extension Database {
    /// The topic's highest card position; 0 when it has none.
    package func lastCardPosition(topicID: Int64) async throws -> Int {
        try await connection.withQuery(
            "SELECT COALESCE(MAX(position), 0) FROM cards WHERE topic_id = \(topicID)", operation: "read last position"
        ) { statement in
            return try await statement.step() ? statement.int(at: 0) : 0
        }
    }

    /// Inserts a card row at `position` (its image, if any, stored already: ``storeImage(_:)``), the reversed twin
    /// of `reverseOf` when given.
    ///
    /// - Returns: The new card's id.
    /// - Throws: ``StoreError/duplicateQuestion(topicID:existingCardID:side:)`` naming `side` ("card", "reversed
    ///   twin") when the topic has the question already; ``StoreError/topicNotFound(topicID:)``.
    package func insertCard(_ new: NewCard, position: Int, reverseOf: Int64?, side: String) async throws -> Int64 {
        let now = now().unixMilliseconds
        let key = new.dedupKey
        do {
            // In a savepoint: after a failed statement PostgreSQL refuses every further one in the transaction
            // until it rolls back to one, and the duplicate's lookup below is such a statement.
            return try await connection.immediateTransaction("add card") {
                try await connection.withStatement(
                    """
                    INSERT INTO cards (topic_id, kind, question, answer, explanation, image_ref, origin, reverse_of,
                        dedup_key, position, created_at, updated_at, choices_json)
                    VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)
                    """,
                    operation: "add card"
                ) { statement in
                    try statement.bind(new.topicID, at: 1)
                    try statement.bind(new.kind.rawValue, at: 2)
                    try statement.bind(new.question, at: 3)
                    try statement.bind(new.answer, at: 4)
                    try statement.bind(new.explanation, at: 5)
                    try statement.bind(new.image?.hash, at: 6)
                    try statement.bind(new.origin.rawValue, at: 7)
                    try statement.bind(reverseOf, at: 8)
                    try statement.bind(key, at: 9)
                    try statement.bind(position, at: 10)
                    try statement.bind(now, at: 11)
                    try statement.bind(now, at: 12)
                    try statement.bind(try CardChoicesColumn.encode(new.choices), at: 13)
                    try await statement.run()
                    return await connection.lastInsertRowID
                }
            }
        } catch let error as StoreError where error.constraintViolation == .unique {
            throw try await duplicate(topicID: new.topicID, key: key, side: side)
        } catch let error as StoreError where error.constraintViolation == .foreignKey {
            throw StoreError.topicNotFound(topicID: new.topicID)
        }
    }

    /// Replaces a card row's content (its new image, if any, stored already: ``storeImage(_:)``).
    ///
    /// - Throws: ``StoreError/duplicateQuestion(topicID:existingCardID:side:)`` naming `side` when another card of
    ///   the topic has the question.
    package func updateCardRow(
        id: Int64, topicID: Int64, kind: CardKind, question: String, answer: String, explanation: String?,
        imageHash: String?, choices: CardChoices?, side: String
    ) async throws {
        let now = now().unixMilliseconds
        let key = NewCard.dedupKey(question: question, imageHash: imageHash)
        do {
            // In a savepoint, as in `insertCard`.
            try await connection.immediateTransaction("edit card") {
                try await connection.withStatement(
                    """
                    UPDATE cards SET kind = $1, question = $2, answer = $3, explanation = $4, image_ref = $5, dedup_key = $6,
                        updated_at = $7, choices_json = $8
                    WHERE id = $9
                    """,
                    operation: "edit card"
                ) { statement in
                    try statement.bind(kind.rawValue, at: 1)
                    try statement.bind(question, at: 2)
                    try statement.bind(answer, at: 3)
                    try statement.bind(explanation, at: 4)
                    try statement.bind(imageHash, at: 5)
                    try statement.bind(key, at: 6)
                    try statement.bind(now, at: 7)
                    try statement.bind(try CardChoicesColumn.encode(choices), at: 8)
                    try statement.bind(id, at: 9)
                    try await statement.run()
                }
            }
        } catch let error as StoreError where error.constraintViolation == .unique {
            throw try await duplicate(topicID: topicID, key: key, side: side)
        }
    }

    /// The duplicate error naming the card that already has `key`.
    func duplicate(topicID: Int64, key: String, side: String) async throws -> StoreError {
        let existing = try await connection.withQuery(
            "SELECT id FROM cards WHERE topic_id = \(topicID) AND dedup_key = \(key)", operation: "find duplicate"
        ) { statement in
            return try await statement.step() ? statement.int64(at: 0) : 0
        }
        return StoreError.duplicateQuestion(topicID: topicID, existingCardID: existing, side: side)
    }
}
