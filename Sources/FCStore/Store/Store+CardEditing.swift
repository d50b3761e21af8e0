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
                try await connection.withQuery(
                    """
                    INSERT INTO cards (topic_id, kind, question, answer, explanation, image_ref, origin, reverse_of,
                        dedup_key, position, created_at, updated_at, choices_json)
                    VALUES (\(new.topicID), \(new.kind.rawValue), \(new.question), \(new.answer), \(new.explanation),
                        \(new.image?.hash), \(new.origin.rawValue), \(reverseOf), \(key), \(position), \(now), \(now),
                        \(CardChoicesColumn.encode(new.choices)))
                    """,
                    operation: "add card"
                ) { statement in
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
                try await connection.withQuery(
                    """
                    UPDATE cards SET kind = \(kind.rawValue), question = \(question), answer = \(answer), explanation =
                        \(explanation), image_ref = \(imageHash), dedup_key = \(key),
                        updated_at = \(now), choices_json = \(CardChoicesColumn.encode(choices))
                    WHERE id = \(id)
                    """,
                    operation: "edit card"
                ) { statement in
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
