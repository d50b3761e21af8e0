import FCCore
import Foundation

extension Database {
    /// Stores a hand-made card (and its reversed twin when asked) at the end of the topic's deck, in one
    /// `BEGIN IMMEDIATE` transaction. The card rules are the caller's (FCDeckFormats `CardRules`); the store keeps
    /// questions unique per topic.
    ///
    /// ```swift
    /// let cards = try await store.addCard(
    ///     NewCard(topicID: topic.id, kind: .question, question: "2 + 2?", answer: "4", explanation: nil,
    ///             withTwin: true))
    /// cards.count // 2: the card and its twin "4" → "2 + 2?"
    /// ```
    ///
    /// - Returns: the stored card, then its twin when ``NewCard/withTwin`` is set.
    /// - Throws: ``StoreError/duplicateQuestion(topicID:existingCardID:side:)`` (nothing is stored),
    ///   ``StoreError/topicNotFound(topicID:)``.
    package func addCard(_ new: NewCard) async throws -> [CardDetails] {
        let now = now().unixMilliseconds
        return try await connection.immediateTransaction("add card") {
            if let image = new.image { try await insertImage(image, createdAt: now) }
            var position = try await lastCardPosition(topicID: new.topicID) + 1
            let id = try await insertCard(
                new, key: new.dedupKey, position: position, reverseOf: nil, now: now, side: "card")
            var ids = [id]
            if new.withTwin {
                position += 1
                var twin = new
                (twin.question, twin.answer, twin.image, twin.choices) = (new.answer, new.question, nil, nil)
                ids.append(
                    try await insertCard(
                        twin, key: twin.dedupKey, position: position, reverseOf: id, now: now, side: "reversed twin"))
            }
            var details: [CardDetails] = []
            for id in ids { details.append(try await cardDetails(id: id)) }
            return details
        }
    }

    /// Replaces a card's content, and with `alsoTwin` its twin's (question and answer swapped), in one transaction.
    ///
    /// Without `alsoTwin` the twin is left as it was; the result says whether there is one, so the caller can
    /// offer to update it.
    ///
    /// - Throws: ``StoreError/cardNotFound(id:)``, ``StoreError/duplicateQuestion(topicID:existingCardID:side:)``.
    package func updateCard(id: Int64, to update: CardUpdate, alsoTwin: Bool) async throws -> CardEdit {
        let now = now().unixMilliseconds
        return try await connection.immediateTransaction("edit card") {
            let current = try await cardDetails(id: id)
            var imageHash = current.image?.hash
            switch update.image {
            case .keep: break
            case .remove: imageHash = nil
            case .replace(let image):
                try await insertImage(image, createdAt: now)
                imageHash = image.hash
            }
            try await updateRow(
                id: id, topicID: current.card.topicID, kind: update.kind, question: update.question,
                answer: update.answer, explanation: update.explanation, imageHash: imageHash,
                choices: update.choices, now: now, side: "card")
            var twinUpdated = false
            if alsoTwin, let twinID = current.twinID {
                let twin = try await cardDetails(id: twinID)
                try await updateRow(
                    id: twinID, topicID: twin.card.topicID, kind: update.kind, question: update.answer,
                    answer: update.question, explanation: update.explanation, imageHash: twin.image?.hash,
                    choices: nil, now: now, side: "reversed twin")
                twinUpdated = true
            }
            try await deleteUnusedImages()
            let twin = try await current.twinID.asyncMap { try await cardDetails(id: $0) }
            return CardEdit(card: try await cardDetails(id: id), twin: twin, twinUpdated: twinUpdated)
        }
    }

    /// The topic's highest card position; 0 when it has none.
    func lastCardPosition(topicID: Int64) async throws -> Int {
        try await connection.withStatement(
            "SELECT COALESCE(MAX(position), 0) FROM cards WHERE topic_id = ?", operation: "read last position"
        ) { statement in
            try statement.bind(topicID, at: 1)
            return try await statement.step() ? statement.int(at: 0) : 0
        }
    }

    private func insertCard(
        _ new: NewCard, key: String, position: Int, reverseOf: Int64?, now: Int64, side: String
    ) async throws -> Int64 {
        do {
            // In a savepoint: after a failed statement PostgreSQL refuses every further one in the transaction
            // until it rolls back to one, and the duplicate's lookup below is such a statement.
            return try await connection.immediateTransaction("add card") {
                try await connection.withStatement(
                    """
                    INSERT INTO cards (topic_id, kind, question, answer, explanation, image_ref, origin, reverse_of,
                        dedup_key, position, created_at, updated_at, choices_json)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
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

    private func updateRow(
        id: Int64, topicID: Int64, kind: CardKind, question: String, answer: String, explanation: String?,
        imageHash: String?, choices: CardChoices?, now: Int64, side: String
    ) async throws {
        let key = NewCard.dedupKey(question: question, imageHash: imageHash)
        do {
            // In a savepoint, as in `insertCard`.
            try await connection.immediateTransaction("edit card") {
                try await connection.withStatement(
                    """
                    UPDATE cards SET kind = ?, question = ?, answer = ?, explanation = ?, image_ref = ?, dedup_key = ?,
                        updated_at = ?, choices_json = ?
                    WHERE id = ?
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
        let existing = try await connection.withStatement(
            "SELECT id FROM cards WHERE topic_id = ? AND dedup_key = ?", operation: "find duplicate"
        ) { statement in
            try statement.bind(topicID, at: 1)
            try statement.bind(key, at: 2)
            return try await statement.step() ? statement.int64(at: 0) : 0
        }
        return StoreError.duplicateQuestion(topicID: topicID, existingCardID: existing, side: side)
    }
}

extension Store {
    package func addCard(_ new: NewCard) async throws -> [CardDetails] {
        try await write("add card") { try await $0.addCard(new) }
    }

    package func updateCard(id: Int64, to update: CardUpdate, alsoTwin: Bool) async throws -> CardEdit {
        try await write("update card") { try await $0.updateCard(id: id, to: update, alsoTwin: alsoTwin) }
    }
}
