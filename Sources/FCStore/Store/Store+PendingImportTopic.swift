package import FCCore
import Foundation

/// The topic an import fills in chunks before anyone sees it (`topics.import_staging_id`, migration 18): created
/// hidden, filled by short transactions, then named and revealed by one (``ImportRepository``; the use case is
/// `ImportCards`, FCPipeline). Every reader of topics and cards skips a topic so marked
/// (``Database/visibleTopicSQL(_:)``).
extension Database {
    /// `column` (a topic id) names a topic readers may see: not one an import is still filling. An uncorrelated
    /// subquery, which both engines evaluate once per statement.
    static func visibleTopicSQL(_ column: String) -> String {
        "\(column) NOT IN (SELECT h.id FROM topics h WHERE h.import_staging_id IS NOT NULL)"
    }

    /// The name a hidden topic has until it is revealed: it holds a control character, which no user topic's name
    /// may (``FCCore/TopicNameRule``), so it never meets a real name.
    static func pendingTopicName(stagingID: Int64) -> String {
        "\u{1}import \(stagingID)"
    }

    package func insertHiddenTopic(stagingID: Int64, createdAt: Int64) async throws -> Int64 {
        try await connection.runQuery(
            """
            INSERT INTO topics (name, created_at, import_staging_id) VALUES
                (\(Self.pendingTopicName(stagingID: stagingID)), \(createdAt), \(stagingID))
            """,
            operation: "import cards (hidden topic)")
        return await connection.lastInsertRowID
    }

    package func revealHiddenTopic(id: Int64, name: String, createdAt: Int64) async throws -> Topic {
        try await connection.runQuery(
            "UPDATE topics SET name = \(name), created_at = \(createdAt), import_staging_id = NULL WHERE id = \(id)",
            operation: "import cards (reveal topic)")
        return Topic(id: id, name: name, createdAt: Date(unixMilliseconds: createdAt))
    }

    package func hiddenTopics(stagingID: Int64?) async throws -> [Int64] {
        let query: StoreQuery =
            if let stagingID {
                "SELECT id FROM topics WHERE import_staging_id = \(stagingID) ORDER BY id"
            } else {
                """
                SELECT id FROM topics WHERE import_staging_id IS NOT NULL
                    AND import_staging_id NOT IN (SELECT id FROM import_stagings) ORDER BY id
                """
            }
        return try await connection.rows(query, operation: "find hidden import topics") { statement in
            statement.int64(at: 0)
        }
    }

    package func deleteHiddenTopicCards(topicID: Int64, limit: Int) async throws -> Int {
        try await connection.runQuery(
            """
            DELETE FROM cards WHERE id IN (
                SELECT c.id FROM cards c JOIN topics t ON t.id = c.topic_id
                WHERE c.topic_id = \(topicID) AND t.import_staging_id IS NOT NULL ORDER BY c.id DESC LIMIT \(limit))
            """,
            operation: "import (clean up)")
        return await connection.changes
    }

    package func deleteHiddenTopic(id: Int64) async throws {
        try await connection.runQuery(
            "DELETE FROM topics WHERE id = \(id) AND import_staging_id IS NOT NULL", operation: "import (clean up)")
    }
}
