package import FCCore
import Foundation

/// Renaming and deleting topics, their colour and icon (``TopicRepository``; the rules are FCPipeline's `Topics`).
extension Database {
    /// Sets the name of the topic `id`; whether there is such a topic.
    ///
    /// - Throws: ``StoreError/topicNameTaken(_:)`` when another topic has the name (ignoring case).
    package func updateTopicName(id: Int64, to name: String) async throws -> Bool {
        do {
            try await connection.runQuery(
                "UPDATE topics SET name = \(name) WHERE id = \(id)", operation: "rename topic")
        } catch let error as StoreError where error.constraintViolation == .unique {
            throw StoreError.topicNameTaken(name)
        }
        return await connection.changes == 1
    }

    /// The name of the topic `id` and how many cards, batches and jobs it has; `nil` when there is no such topic.
    package func topicContents(id: Int64) async throws -> TopicDeletion? {
        try await connection.withQuery(
            """
            SELECT name, (SELECT COUNT(*) FROM cards WHERE topic_id = t.id),
                (SELECT COUNT(*) FROM batches WHERE topic_id = t.id), (SELECT COUNT(*) FROM jobs WHERE topic_id =
                    t.id)
            FROM topics t WHERE id = \(id) AND import_staging_id IS NULL
            """,
            operation: "count topic contents"
        ) { statement in
            guard try await statement.step() else { return nil }
            return TopicDeletion(
                name: statement.string(at: 0), cards: statement.int(at: 1), batches: statement.int(at: 2),
                jobs: statement.int(at: 3))
        }
    }

    /// Deletes the topic `id` with its batches, cards (their learning state archived first), jobs and the pictures
    /// no other card shows.
    package func deleteTopicRows(id: Int64) async throws {
        try await deleteLearningState(cardIDs: "SELECT id FROM cards WHERE topic_id = \(id)")
        // Cards, batches and jobs go by ON DELETE CASCADE (foreign keys are on for every connection).
        try await connection.runQuery("DELETE FROM topics WHERE id = \(id)", operation: "delete topic")
        try await deleteUnusedImages()
    }

    /// Sets a topic's colour and icon (`nil` clears one); whether there is such a topic.
    package func updateTopicAppearance(_ appearance: TopicAppearance, topicID: Int64) async throws -> Bool {
        try await connection.runQuery(
            "UPDATE topics SET color = \(appearance.color), icon = \(appearance.icon) WHERE id = \(topicID)",
            operation: "set topic appearance")
        return await connection.changes == 1
    }

    /// A topic's colour and icon.
    package func topicAppearance(topicID: Int64) async throws -> TopicAppearance {
        try await connection.withQuery(
            "SELECT color, icon FROM topics WHERE id = \(topicID)", operation: "read appearance"
        ) {
            statement in
            guard try await statement.step() else { throw StoreError.topicNotFound(topicID: topicID) }
            return TopicAppearance(color: statement.optionalString(at: 0), icon: statement.optionalString(at: 1))
        }
    }
}
