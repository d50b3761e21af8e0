import FCCore
package import FCStore

/// A topic's generation settings — its plan (outline), language and card kinds — read and changed over
/// ``FCStore/TopicPlanRepository``: the pipeline reads them before a batch and replaces the plan
/// (`fcgen topic plan --regenerate|--edit`), `fcgen topic` shows them. A changed plan keeps its time; the other
/// settings a batch asks for are written in the batch's own transaction (``BatchStorage``).
package enum TopicPlans {
    /// The topic's plan, language and card kinds; an empty value when it has none of them.
    ///
    /// - Throws: ``FCStore/StoreError/corruptRow(table:column:rowID:)`` when the stored settings cannot be read.
    package static func generation(on store: Store, topicID: Int64) async throws -> TopicGeneration {
        try await store.read { try await $0.topicGeneration(topicID: topicID) }
    }

    /// Changes what `update` names (the rest is kept) in one transaction, the plan's time being the store's now.
    ///
    /// - Throws: ``FCStore/StoreError/topicNotFound(topicID:)`` when no visible topic has this id; nothing is
    ///   written then.
    package static func update(on store: Store, _ update: TopicGenerationUpdate, topicID: Int64) async throws {
        let time = store.now().unixMilliseconds
        try await store.write("update topic generation") { db in
            guard try await db.topicExists(id: topicID) else { throw StoreError.topicNotFound(topicID: topicID) }
            try await db.writeTopicGeneration(update, topicID: topicID, at: time)
        }
    }
}
