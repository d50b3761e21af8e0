package import FCCore
package import FCStore

/// Reading cards (`fcgen cards`, `fcgen card show`, the service's card routes, study, exports and prompts), each
/// in one read of the store through its ``FCStore/CardRepository``. The writes are ``CardEditing``'s (add, edit,
/// move, delete), ``CardBookmarks``' and `StudyService`'s (bury, suspend).
package enum Cards {
    /// The card `id`.
    ///
    /// - Throws: ``FCStore/StoreError/cardNotFound(id:)``.
    package static func card(on store: Store, id: Int64) async throws -> Card {
        try await store.read { db in try await db.card(id: id) }
    }

    /// The cards with these ids, in the order of `ids`; unknown ids are left out.
    package static func cards(on store: Store, ids: [Int64]) async throws -> [Card] {
        try await store.read { db in try await db.cards(ids: ids) }
    }

    /// The card `id` and its picture (hash, type and size; `nil` for a card without one), in one query.
    ///
    /// - Throws: ``FCStore/StoreError/cardNotFound(id:)``.
    package static func cardAndImage(on store: Store, id: Int64) async throws -> (card: Card, image: CardImageInfo?) {
        try await store.read { db in try await db.cardAndImage(id: id) }
    }

    /// The topic's cards in deck order.
    package static func inTopic(on store: Store, topicID: Int64) async throws -> [Card] {
        try await store.read { db in try await db.cards(topicID: topicID) }
    }

    /// The card `id` with its picture (and the picture's credit), twin link and last edit.
    ///
    /// - Throws: ``FCStore/StoreError/cardNotFound(id:)``.
    package static func details(on store: Store, id: Int64) async throws -> CardDetails {
        try await store.read { db in try await db.cardDetails(id: id) }
    }

    /// Every card of the topic with its details, in deck order (for exports).
    package static func details(on store: Store, topicID: Int64) async throws -> [CardDetails] {
        try await store.read { db in try await db.cardDetails(topicID: topicID) }
    }

    /// The card `id` with its details and where it came from (`nil` for a card not made from a source), in one
    /// snapshot.
    ///
    /// - Throws: ``FCStore/StoreError/cardNotFound(id:)``.
    package static func detailsAndSource(on store: Store, id: Int64) async throws -> (CardDetails, CardSource?) {
        try await store.read { db in (try await db.cardDetails(id: id), try await db.cardSource(cardID: id)) }
    }

    /// A page of the topic's deck after `anchor` (the first page without one) of the cards that pass `filter`, with
    /// `userID`'s progress of each; the topic checked in the same snapshot.
    ///
    /// - Throws: ``FCStore/StoreError/topicNotFound(topicID:)``.
    package static func page(
        on store: Store, topicID: Int64, userID: Int64, filter: CardFilter = .none, after anchor: CardPageAnchor?,
        limit: Int
    ) async throws -> [PagedCard] {
        try await store.read { db in
            try await db.cardPage(topicID: topicID, userID: userID, filter: filter, after: anchor, limit: limit)
        }
    }

    /// The topic's newest questions, newest first, at most `limit`: a prompt's avoid-list.
    package static func recentQuestions(on store: Store, topicID: Int64, limit: Int) async throws -> [String] {
        try await store.read { db in try await db.recentQuestions(topicID: topicID, limit: limit) }
    }

    /// Every card of the topic with its dedup key, question and answer: what new cards are checked against.
    package static func topicQuestions(on store: Store, topicID: Int64) async throws -> [TopicQuestion] {
        try await store.read { db in try await db.topicQuestions(topicID: topicID) }
    }
}
