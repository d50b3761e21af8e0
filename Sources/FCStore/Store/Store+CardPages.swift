package import FCCore
import Foundation

extension Database {
    /// A page of the topic's deck in deck order, after `anchor` (the first page without one), with `userID`'s
    /// learning state of each card (one LEFT JOIN on the learner's state rows).
    ///
    /// New cards go to the end of a deck, so a walk page by page sees each card once even while cards are added;
    /// the anchor is found again by id, so deleting cards before it does not skip one. When the anchor card itself
    /// is gone, the deck closed up its gap: the card that followed it is now at its old position.
    ///
    /// With a `filter`, the page holds the next `limit` cards after the anchor that pass it: the conditions are
    /// part of the query (``conditions(of:userID:dialect:now:)``), so a large deck is filtered by the database,
    /// walking the topic's cards in deck order until the page is full.
    ///
    /// - Throws: ``StoreError/topicNotFound(topicID:)``.
    package func cardPage(
        topicID: Int64, userID: Int64, filter: CardFilter = .none, after anchor: CardPageAnchor?, limit: Int
    ) async throws -> [PagedCard] {
        // Inside the store's read transaction: the topic check and the page are one snapshot.
        _ = try await existingTopic(id: topicID)
        let conditions = Self.conditions(of: filter, userID: userID, dialect: connection.dialect, now: now())
        return try await connection.withQuery(
            """
            SELECT \(raw: Self.cardDetailsColumns), s.due, s.reps, s.lapses, s.level, s.last_review
            FROM cards c LEFT JOIN card_states s ON s.card_id = c.id AND s.user_id = \(userID)
            WHERE c.topic_id = \(topicID)
                AND c.position > COALESCE(
                    (SELECT a.position FROM cards a WHERE a.id = \(anchor?.cardID ?? 0) AND a.topic_id = \(topicID)),
                        \(anchor?.position ?? 0) - 1)\(conditions)
            ORDER BY c.position, c.id
            LIMIT \(limit)
            """,
            operation: "list a page of cards"
        ) { statement in
            var page: [PagedCard] = []
            while try await statement.step() {
                let details = try Self.cardDetails(from: statement)
                let progress = statement.optionalInt64(at: Self.cardDetailsColumnCount).map { due in
                    CardProgress(
                        due: Date(unixMilliseconds: due), reps: statement.int(at: Self.cardDetailsColumnCount + 1),
                        lapses: statement.int(at: Self.cardDetailsColumnCount + 2),
                        level: statement.int(at: Self.cardDetailsColumnCount + 3),
                        lastReview: statement.optionalInt64(at: Self.cardDetailsColumnCount + 4).map {
                            Date(unixMilliseconds: $0)
                        })
                }
                page.append(PagedCard(details: details, progress: progress))
            }
            return page
        }
    }

    /// The topic with this id (``topic(id:)``, which answers `nil` instead).
    ///
    /// - Throws: ``StoreError/topicNotFound(topicID:)``.
    package func existingTopic(id: Int64) async throws -> Topic {
        guard let topic = try await topic(id: id) else { throw StoreError.topicNotFound(topicID: id) }
        return topic
    }
}
