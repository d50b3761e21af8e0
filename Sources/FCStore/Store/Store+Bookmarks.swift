import FCCore
package import Foundation

extension Database {
    /// Adds the learner's bookmark of the card; nothing when there is one (FCPipeline's `CardBookmarks.set`
    /// keeps the first time).
    package func insertBookmark(cardID: Int64, userID: Int64, at now: Date) async throws {
        try await connection.withQuery(
            """
            INSERT INTO bookmarks (user_id, card_id, created_at) VALUES (\(userID), \(cardID), \(now.unixMilliseconds))
            ON CONFLICT (user_id, card_id) DO NOTHING
            """,
            operation: "bookmark a card"
        ) { statement in
            try await statement.run()
        }
    }

    /// Deletes the learner's bookmark of the card, if there is one.
    ///
    /// - Returns: Whether there was one.
    package func deleteBookmark(cardID: Int64, userID: Int64) async throws -> Bool {
        try await connection.withQuery(
            "DELETE FROM bookmarks WHERE user_id = \(userID) AND card_id = \(cardID)", operation: "remove a bookmark"
        ) { statement in
            try await statement.run()
        }
        return await connection.changes > 0
    }

    /// When the learner bookmarked the card, or `nil`.
    package func bookmarkTime(cardID: Int64, userID: Int64) async throws -> Date? {
        try await connection.withQuery(
            "SELECT created_at FROM bookmarks WHERE user_id = \(userID) AND card_id = \(cardID)",
            operation: "read a bookmark"
        ) { statement in
            return try await statement.step() ? Date(unixMilliseconds: statement.int64(at: 0)) : nil
        }
    }

    /// The learner's bookmarks, newest first, of one topic or (`topicID` nil) all, at most `limit`.
    package func bookmarks(userID: Int64, topicID: Int64?, limit: Int) async throws -> [Bookmark] {
        try await connection.withQuery(
            """
            SELECT \(raw: Self.cardDetailsColumns), b.created_at
            FROM bookmarks b JOIN cards c ON c.id = b.card_id
            WHERE b.user_id = \(userID) AND (\(topicID ?? 0) = 0 OR c.topic_id = \(topicID ?? 0))
            ORDER BY b.created_at DESC, b.card_id DESC
            LIMIT \(limit)
            """,
            operation: "list bookmarks"
        ) { statement in
            var list: [Bookmark] = []
            while try await statement.step() {
                list.append(
                    Bookmark(
                        details: try Self.cardDetails(from: statement),
                        createdAt: Date(unixMilliseconds: statement.int64(at: Self.cardDetailsColumnCount))))
            }
            return list
        }
    }

    /// How many bookmarks the learner has, of one topic or (`topicID` nil) all.
    package func bookmarkCount(userID: Int64, topicID: Int64?) async throws -> Int {
        try await connection.withQuery(
            """
            SELECT COUNT(*) FROM bookmarks b JOIN cards c ON c.id = b.card_id
            WHERE b.user_id = \(userID) AND (\(topicID ?? 0) = 0 OR c.topic_id = \(topicID ?? 0))
            """,
            operation: "count bookmarks"
        ) { statement in
            _ = try await statement.step()
            return statement.int(at: 0)
        }
    }
}
