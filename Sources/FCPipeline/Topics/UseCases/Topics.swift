package import FCCore
package import FCStore
import Foundation

/// Topics (`fcgen topic …`, `fcgen topics`, the service's topic routes): found or created by name, renamed,
/// deleted, coloured, listed, as plain steps over the store's ``FCStore/TopicRepository``, each in one transaction.
/// The name rule is FCCore's ``FCCore/TopicNameRule``, checked here, before anything is written.
package enum Topics {
    /// The topic named `name` (trimmed, ignoring the case of ASCII letters); `nil` when there is none.
    package static func named(on store: Store, _ name: String) async throws -> Topic? {
        try await store.read { db in try await db.topic(named: name) }
    }

    /// The topic `id`.
    ///
    /// - Throws: ``FCStore/StoreError/topicNotFound(topicID:)``.
    package static func existing(on store: Store, id: Int64) async throws -> Topic {
        try await store.read { db in try await db.existingTopic(id: id) }
    }

    /// Every topic with its card and batch counts, sorted by name.
    package static func summaries(on store: Store) async throws -> [TopicSummary] {
        try await store.read { db in try await db.topicSummaries() }
    }

    /// The topic named `name`, created (with the name as given, trimmed) when missing.
    ///
    /// ```swift
    /// let topic = try await Topics.ensure(on: store, named: "Roman history")
    /// try await Topics.named(on: store, "ROMAN HISTORY")?.id == topic.id // true
    /// ```
    ///
    /// - Throws: ``FCStore/StoreError/invalidTopicName(problem:)`` for a new name that breaks ``FCCore/TopicNameRule``
    ///   (an existing topic is found even if its name predates the rule).
    package static func ensure(on store: Store, named name: String) async throws -> Topic {
        try await store.write("ensure topic") { db in try await ensure(named: name, in: db) }
    }

    /// ``ensure(on:named:)`` in the caller's transaction (a topic made for a batch or an import commits with it).
    package static func ensure(
        named name: String, in db: borrowing some TopicRepository & ~Copyable
    ) async throws -> Topic {
        let name = TopicNameRule.trimmed(name)
        if !name.isEmpty, let existing = try await db.topic(named: name) { return existing }
        if let problem = TopicNameRule.problem(with: name) { throw StoreError.invalidTopicName(problem: problem) }
        return try await db.insertTopicIfMissing(named: name, createdAt: db.now().unixMilliseconds).topic
    }

    /// Renames a topic (a change of case only is allowed).
    ///
    /// - Throws: ``FCStore/StoreError/invalidTopicName(problem:)`` (nothing is written),
    ///   ``FCStore/StoreError/topicNameTaken(_:)``, ``FCStore/StoreError/topicNotFound(topicID:)``.
    package static func rename(on store: Store, id: Int64, to name: String) async throws -> Topic {
        let name = TopicNameRule.trimmed(name)
        if let problem = TopicNameRule.problem(with: name) { throw StoreError.invalidTopicName(problem: problem) }
        return try await store.write("rename topic") { db in
            guard try await db.updateTopicName(id: id, to: name), let topic = try await db.topic(named: name) else {
                throw StoreError.topicNotFound(topicID: id)
            }
            return topic
        }
    }

    /// Deletes a topic with its batches, cards, learning state and jobs, in one transaction.
    ///
    /// - Parameter force: required when the topic has cards; without it such a topic is refused.
    /// - Returns: What was deleted.
    /// - Throws: ``FCStore/StoreError/topicHasCards(name:cards:)`` (nothing is deleted),
    ///   ``FCStore/StoreError/topicNotFound(topicID:)``.
    package static func delete(on store: Store, id: Int64, force: Bool) async throws -> TopicDeletion {
        try await store.write("delete topic") { db in
            guard let contents = try await db.topicContents(id: id) else { throw StoreError.topicNotFound(topicID: id) }
            guard contents.cards == 0 || force else {
                throw StoreError.topicHasCards(name: contents.name, cards: contents.cards)
            }
            try await db.deleteTopicRows(id: id)
            return contents
        }
    }

    /// A topic's colour and icon.
    ///
    /// - Throws: ``FCStore/StoreError/topicNotFound(topicID:)``.
    package static func appearance(on store: Store, topicID: Int64) async throws -> TopicAppearance {
        try await store.read { db in try await db.topicAppearance(topicID: topicID) }
    }

    /// Sets a topic's colour and icon (`nil` clears one).
    ///
    /// - Throws: ``FCStore/StoreError/topicNotFound(topicID:)``.
    package static func setAppearance(on store: Store, _ appearance: TopicAppearance, topicID: Int64) async throws {
        try await store.write("set topic appearance") { db in
            guard try await db.updateTopicAppearance(appearance, topicID: topicID) else {
                throw StoreError.topicNotFound(topicID: topicID)
            }
        }
    }
}
