package import FCStore
package import Foundation

/// A learner's bookmarks of cards (the feed's swipe left, `PUT` and `DELETE /v1/cards/{id}/bookmark`): set and
/// removed per card, both idempotent, each in a transaction of its own. A learner's bookmarks are their own.
package enum CardBookmarks {
    /// Bookmarks the card for the learner. Bookmarking it again changes nothing: the first time is kept.
    ///
    /// - Returns: When the card was bookmarked (`now`, or the first time).
    /// - Throws: ``FCStore/StoreError/cardNotFound(id:)`` (nothing is written).
    @discardableResult
    package static func set(on store: Store, cardID: Int64, userID: Int64, at now: Date) async throws -> Date {
        try await store.write("bookmark a card") { db in
            _ = try await db.cardDetails(id: cardID)
            try await db.insertBookmark(cardID: cardID, userID: userID, at: now)
            return try await db.bookmarkTime(cardID: cardID, userID: userID) ?? now
        }
    }

    /// Removes the learner's bookmark of the card, if there is one.
    ///
    /// - Returns: Whether there was one.
    /// - Throws: ``FCStore/StoreError/cardNotFound(id:)``.
    @discardableResult
    package static func remove(on store: Store, cardID: Int64, userID: Int64) async throws -> Bool {
        try await store.write("remove a bookmark") { db in
            _ = try await db.cardDetails(id: cardID)
            return try await db.deleteBookmark(cardID: cardID, userID: userID)
        }
    }

    /// The learner's bookmarks, newest first, of one topic or (`topicID` nil) all, at most `limit`, and how many there
    /// are in all; in one snapshot.
    ///
    /// - Throws: ``FCStore/StoreError/topicNotFound(topicID:)`` for an unknown topic.
    package static func list(
        on store: Store, userID: Int64, topicID: Int64?, limit: Int
    ) async throws -> (bookmarks: [Bookmark], total: Int) {
        try await store.read { db in
            if let topicID { _ = try await db.existingTopic(id: topicID) }
            let list = try await db.bookmarks(userID: userID, topicID: topicID, limit: limit)
            return (list, try await db.bookmarkCount(userID: userID, topicID: topicID))
        }
    }
}
