package import FCCore
import Foundation

extension Database {
    /// Renames a topic (a change of case only is allowed).
    ///
    /// - Throws: ``StoreError/topicNameTaken(_:)``, ``StoreError/invalidTopicName(problem:)`` (the new name breaks
    ///   ``FCCore/TopicNameRule``), ``StoreError/topicNotFound(topicID:)``.
    package func renameTopic(id: Int64, to name: String) throws -> Topic {
        let name = TopicNameRule.trimmed(name)
        if let problem = TopicNameRule.problem(with: name) { throw StoreError.invalidTopicName(problem: problem) }
        return try connection.immediateTransaction("rename topic") {
            do {
                try connection.withStatement("UPDATE topics SET name = ? WHERE id = ?", operation: "rename topic") {
                    statement in
                    try statement.bind(name, at: 1)
                    try statement.bind(id, at: 2)
                    try statement.run()
                }
            } catch let error as StoreError where error.constraintViolation == .unique {
                throw StoreError.topicNameTaken(name)
            }
            guard connection.changes == 1, let topic = try topic(named: name) else {
                throw StoreError.topicNotFound(topicID: id)
            }
            return topic
        }
    }

    /// Deletes a topic with its batches, cards, learning state and jobs, in one transaction.
    ///
    /// - Parameter force: required when the topic has cards; without it such a topic is refused.
    /// - Throws: ``StoreError/topicHasCards(name:cards:)``, ``StoreError/topicNotFound(topicID:)``.
    package func deleteTopic(id: Int64, force: Bool) throws -> TopicDeletion {
        try connection.immediateTransaction("delete topic") {
            let deletion = try connection.withStatement(
                """
                SELECT name, (SELECT COUNT(*) FROM cards WHERE topic_id = t.id),
                    (SELECT COUNT(*) FROM batches WHERE topic_id = t.id), (SELECT COUNT(*) FROM jobs WHERE topic_id = t.id)
                FROM topics t WHERE id = ? AND import_staging_id IS NULL
                """,
                operation: "count topic contents"
            ) { statement in
                try statement.bind(id, at: 1)
                guard try statement.step() else { throw StoreError.topicNotFound(topicID: id) }
                return TopicDeletion(
                    name: statement.string(at: 0), cards: statement.int(at: 1), batches: statement.int(at: 2),
                    jobs: statement.int(at: 3))
            }
            guard deletion.cards == 0 || force else {
                throw StoreError.topicHasCards(name: deletion.name, cards: deletion.cards)
            }
            try deleteLearningState(cardIDsSQL: "SELECT id FROM cards WHERE topic_id = ?", bind: id)
            // Cards, batches and jobs go by ON DELETE CASCADE (foreign keys are on for every connection).
            try connection.withStatement("DELETE FROM topics WHERE id = ?", operation: "delete topic") { statement in
                try statement.bind(id, at: 1)
                try statement.run()
            }
            try deleteUnusedImages()
            return deletion
        }
    }

    /// Sets a topic's colour and icon (`nil` clears one).
    package func setTopicAppearance(_ appearance: TopicAppearance, topicID: Int64) throws {
        try connection.immediateTransaction("set topic appearance") {
            try connection.withStatement(
                "UPDATE topics SET color = ?, icon = ? WHERE id = ?", operation: "set topic appearance"
            ) { statement in
                try statement.bind(appearance.color, at: 1)
                try statement.bind(appearance.icon, at: 2)
                try statement.bind(topicID, at: 3)
                try statement.run()
            }
            guard connection.changes == 1 else { throw StoreError.topicNotFound(topicID: topicID) }
        }
    }

    /// A topic's colour and icon.
    package func topicAppearance(topicID: Int64) throws -> TopicAppearance {
        try connection.withStatement("SELECT color, icon FROM topics WHERE id = ?", operation: "read appearance") {
            statement in
            try statement.bind(topicID, at: 1)
            guard try statement.step() else { throw StoreError.topicNotFound(topicID: topicID) }
            return TopicAppearance(color: statement.optionalString(at: 0), icon: statement.optionalString(at: 1))
        }
    }
}

extension Store {
    package func renameTopic(id: Int64, to name: String) async throws -> Topic {
        try await write("rename topic") { try $0.renameTopic(id: id, to: name) }
    }

    package func deleteTopic(id: Int64, force: Bool) async throws -> TopicDeletion {
        try await write("delete topic") { try $0.deleteTopic(id: id, force: force) }
    }

    package func setTopicAppearance(_ appearance: TopicAppearance, topicID: Int64) async throws {
        try await write("set topic appearance") { try $0.setTopicAppearance(appearance, topicID: topicID) }
    }

    package func topicAppearance(topicID: Int64) async throws -> TopicAppearance {
        try await read { try $0.topicAppearance(topicID: topicID) }
    }
}
