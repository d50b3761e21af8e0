import FCCore
import Foundation

extension Database {
    /// Deletes cards and closes the gaps they leave, so each affected deck stays numbered 1…n; in one transaction.
    ///
    /// A deleted card's twin stays (its link is cleared by the schema's `ON DELETE SET NULL`); its learning state
    /// goes with it, and an image no other card shows is deleted too (FCPipeline's `CardEditing.delete` also takes it
    /// out of every open session). Exactly the cards given go: FCPipeline's `CardEditing.delete` adds a cloze card's siblings, and a
    /// note's text that lost a deletion number loses that number's card alone (``syncClozeSiblings(noteID:)``).
    ///
    /// - Parameter topicID: When given, every card must be in this topic's deck: a card of another deck is "not
    ///   found", so a stale selection never deletes elsewhere.
    /// - Returns: The ids deleted, ascending, each once.
    /// - Throws: ``StoreError/cardNotFound(id:)`` when any id is unknown (nothing is deleted).
    @discardableResult
    package func deleteCards(ids: [Int64], inTopic topicID: Int64? = nil) async throws -> [Int64] {
        try await connection.immediateTransaction("delete cards") {
            // Newest first: a note's card is older than its siblings, which deleting it would take along unasked.
            for id in Set(ids).sorted(by: >) {
                let details = try await cardDetails(id: id)
                if let topicID, details.card.topicID != topicID { throw StoreError.cardNotFound(id: id) }
                try await deleteLearningState(cardIDs: "\(id)")
                try await connection.withQuery("DELETE FROM cards WHERE id = \(id)", operation: "delete card") {
                    statement in
                    try await statement.run()
                }
                try await connection.withQuery(
                    """
                    UPDATE cards SET position = position - 1 WHERE topic_id = \(details.card.topicID) AND position >
                        \(details.card.position)
                    """,
                    operation: "close position gap"
                ) { statement in
                    try await statement.run()
                }
            }
            try await deleteUnusedImages()
            return Set(ids).sorted()
        }
    }

    /// Moves a card to `position` (1…count) in its deck, shifting the cards in between by one.
    ///
    /// - Throws: ``StoreError/cardNotFound(id:)``, ``StoreError/positionOutOfRange(position:count:)``.
    package func moveCard(id: Int64, to position: Int) async throws -> CardDetails {
        try await connection.immediateTransaction("move card") {
            let details = try await cardDetails(id: id)
            let count = try await lastCardPosition(topicID: details.card.topicID)
            guard (1...max(count, 1)).contains(position) else {
                throw StoreError.positionOutOfRange(position: position, count: count)
            }
            let from = details.card.position
            guard from != position else { return details }
            // Moving down (to a larger position) pulls the cards in between up by one, and vice versa.
            let topicID = details.card.topicID
            let shift: StoreQuery =
                from < position
                ? """
                UPDATE cards SET position = position - 1 WHERE topic_id = \(topicID) AND position > \(from)
                    AND position <= \(position)
                """
                : """
                UPDATE cards SET position = position + 1 WHERE topic_id = \(topicID) AND position >= \(position)
                    AND position < \(from)
                """
            try await connection.runQuery(shift, operation: "shift positions")
            try await connection.withQuery(
                "UPDATE cards SET position = \(position) WHERE id = \(id)", operation: "move card"
            ) {
                statement in
                try await statement.run()
            }
            return try await cardDetails(id: id)
        }
    }

    /// Deletes the learning state of the cards `cardIDs` selects (a card id, or a subquery), when the study tables
    /// exist: they arrive with the study migration, and reviews may not cascade on their own. The reviews are first
    /// copied to `archived_reviews` (when it exists), so the learner's history keeps what their XP already counts.
    func deleteLearningState(cardIDs: StoreQuery) async throws {
        if try await hasColumn(table: "archived_reviews", column: "first_review") {
            try await connection.runQuery(
                """
                INSERT INTO archived_reviews (user_id, card_id, topic_id, rating, reviewed_at, duration_ms,
                    first_review, archived_at)
                SELECT r.user_id, r.card_id, c.topic_id, r.rating, r.reviewed_at, r.duration_ms,
                    CASE WHEN r.elapsed_days IS NULL THEN 1 ELSE 0 END, \(now().unixMilliseconds)
                FROM reviews r JOIN cards c ON c.id = r.card_id
                WHERE r.card_id IN (\(cardIDs))
                """,
                operation: "archive reviews")
        }
        for table in ["reviews", "card_states"] where try await hasColumn(table: table, column: "card_id") {
            try await connection.runQuery(
                "DELETE FROM \(raw: table) WHERE card_id IN (\(cardIDs))", operation: "delete learning state")
        }
    }

    /// Whether `table` exists and has `column` (the schema may predate or postdate this code).
    func hasColumn(table: String, column: String) async throws -> Bool {
        try await connection.withQuery(
            connection.dialect.columnCountQuery(table: table, column: column), operation: "inspect schema"
        ) { statement in
            return try await statement.step() && statement.int(at: 0) > 0
        }
    }
}
