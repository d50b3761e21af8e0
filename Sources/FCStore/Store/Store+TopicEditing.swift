package import FCCore
import Foundation

extension Database {
    /// Renames a topic (a change of case only is allowed).
    ///
    /// - Throws: ``StoreError/topicNameTaken(_:)``, ``StoreError/invalidTopicName(problem:)`` (the new name breaks
    ///   ``FCCore/TopicNameRule``), ``StoreError/topicNotFound(topicID:)``.
    package func renameTopic(id: Int64, to name: String) async throws -> Topic {
        let name = TopicNameRule.trimmed(name)
        if let problem = TopicNameRule.problem(with: name) { throw StoreError.invalidTopicName(problem: problem) }
        return try await connection.immediateTransaction("rename topic") {
            do {
                try await connection.withQuery(
                    "UPDATE topics SET name = \(name) WHERE id = \(id)", operation: "rename topic"
                ) {
                    statement in
                    try await statement.run()
                }
            } catch let error as StoreError where error.constraintViolation == .unique {
                throw StoreError.topicNameTaken(name)
            }
            guard await connection.changes == 1, let topic = try await topic(named: name) else {
                throw StoreError.topicNotFound(topicID: id)
            }
            return topic
        }
    }

    /// Deletes a topic with its batches, cards, learning state and jobs, in one transaction.
    ///
    /// - Parameter force: required when the topic has cards; without it such a topic is refused.
    /// - Throws: ``StoreError/topicHasCards(name:cards:)``, ``StoreError/topicNotFound(topicID:)``.
    package func deleteTopic(id: Int64, force: Bool) async throws -> TopicDeletion {
        try await connection.immediateTransaction("delete topic") {
            let deletion = try await connection.withQuery(
                """
                SELECT name, (SELECT COUNT(*) FROM cards WHERE topic_id = t.id),
                    (SELECT COUNT(*) FROM batches WHERE topic_id = t.id), (SELECT COUNT(*) FROM jobs WHERE topic_id =
                        t.id)
                FROM topics t WHERE id = \(id) AND import_staging_id IS NULL
                """,
                operation: "count topic contents"
            ) { statement in
                guard try await statement.step() else { throw StoreError.topicNotFound(topicID: id) }
                return TopicDeletion(
                    name: statement.string(at: 0), cards: statement.int(at: 1), batches: statement.int(at: 2),
                    jobs: statement.int(at: 3))
            }
            guard deletion.cards == 0 || force else {
                throw StoreError.topicHasCards(name: deletion.name, cards: deletion.cards)
            }
            try await deleteLearningState(cardIDs: "SELECT id FROM cards WHERE topic_id = \(id)")
            // Cards, batches and jobs go by ON DELETE CASCADE (foreign keys are on for every connection).
            try await connection.withQuery("DELETE FROM topics WHERE id = \(id)", operation: "delete topic") {
                statement in
                try await statement.run()
            }
            try await deleteUnusedImages()
            return deletion
        }
    }

    /// Sets a topic's colour and icon (`nil` clears one).
    package func setTopicAppearance(_ appearance: TopicAppearance, topicID: Int64) async throws {
        try await connection.immediateTransaction("set topic appearance") {
            try await connection.withQuery(
                "UPDATE topics SET color = \(appearance.color), icon = \(appearance.icon) WHERE id = \(topicID)",
                operation: "set topic appearance"
            ) { statement in
                try await statement.run()
            }
            guard await connection.changes == 1 else { throw StoreError.topicNotFound(topicID: topicID) }
        }
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

extension Store {
    package func renameTopic(id: Int64, to name: String) async throws -> Topic {
        try await write("rename topic") { try await $0.renameTopic(id: id, to: name) }
    }

    package func deleteTopic(id: Int64, force: Bool) async throws -> TopicDeletion {
        try await write("delete topic") { try await $0.deleteTopic(id: id, force: force) }
    }

    package func setTopicAppearance(_ appearance: TopicAppearance, topicID: Int64) async throws {
        try await write("set topic appearance") { try await $0.setTopicAppearance(appearance, topicID: topicID) }
    }

    package func topicAppearance(topicID: Int64) async throws -> TopicAppearance {
        try await read { try await $0.topicAppearance(topicID: topicID) }
    }
}
