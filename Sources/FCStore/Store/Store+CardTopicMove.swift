import FCCore
import Foundation

extension Database {
    /// Moves a card, with its reversed twin when the twin is in the same deck and a cloze card with its siblings (the
    /// note's card first, whichever of them is given), to the end of another topic's deck,
    /// in one transaction: the old deck closes up its gaps, learning state and reviews stay with the cards (their
    /// ids do not change; the reviews' topic changes with them). Moving a card to its own topic changes nothing.
    ///
    /// - Returns: the moved card, then its siblings, then its twin when it moved too.
    /// - Throws: ``StoreError/cardNotFound(id:)``, ``StoreError/topicNotFound(topicID:)``,
    ///   ``StoreError/duplicateQuestion(topicID:existingCardID:side:)`` when the target topic already asks the
    ///   question (nothing is moved).
    package func moveCard(id: Int64, toTopic topicID: Int64) async throws -> [CardDetails] {
        try await connection.immediateTransaction("move card to topic") {
            let details = try await cardDetails(id: try await card(id: id).noteID)
            _ = try await existingTopic(id: topicID)
            let source = details.card.topicID
            guard source != topicID else { return [details] }
            var ids = try await withClozeSiblings([details.card.id])
            if let twinID = details.twinID, try await cardDetails(id: twinID).card.topicID == source {
                ids.append(twinID)
            }
            for (index, cardID) in ids.enumerated() {
                // Read again: moving the first card closed the gap it left, which may have shifted the twin.
                let card = try await cardDetails(id: cardID)
                let position = try await lastCardPosition(topicID: topicID) + 1
                do {
                    // In a savepoint, as `insertCard` does: the duplicate's lookup must run after a failed statement.
                    try await connection.immediateTransaction("move card to topic") {
                        try await connection.runQuery(
                            """
                            UPDATE cards SET topic_id = \(topicID), position = \(position),
                                updated_at = \(now().unixMilliseconds) WHERE id = \(cardID)
                            """,
                            operation: "move card to topic")
                    }
                } catch let error as StoreError where error.constraintViolation == .unique {
                    throw try await duplicate(
                        topicID: topicID, key: card.card.dedupKey, side: index == 0 ? "card" : "reversed twin")
                }
                // The reviews' topic follows the card, so the recall window of the new topic counts them.
                try await connection.withQuery(
                    "UPDATE reviews SET topic_id = \(topicID) WHERE card_id = \(cardID)",
                    operation: "move card's reviews to topic"
                ) { statement in
                    try await statement.run()
                }
                try await connection.withQuery(
                    """
                    UPDATE cards SET position = position - 1 WHERE topic_id = \(source) AND position >
                        \(card.card.position)
                    """,
                    operation: "close position gap"
                ) { statement in
                    try await statement.run()
                }
            }
            var moved: [CardDetails] = []
            for id in ids { moved.append(try await cardDetails(id: id)) }
            return moved
        }
    }
}
